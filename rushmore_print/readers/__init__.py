"""The trust boundary: every file from outside is read here. ``inputs`` opens it (a regular file,
bounded by its kind, every failure located); the others turn its bytes into values: raster
structure, TrueType fonts, SVG art, spreadsheets, ICC profiles and JSON.
"""

__all__ = []
