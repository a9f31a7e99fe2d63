"""Renderers: the only modules that import reportlab or Pillow. They draw what ``layout`` describes."""

__all__ = []
