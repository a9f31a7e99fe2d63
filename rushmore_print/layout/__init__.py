"""Layout: cards, heads, sheets and rule pages as drawing items in millimetres.

Pure geometry and content; no reportlab, Pillow or click. Renderers translate these items.
"""

__all__ = []
