"""The docs site: Sphinx reading the Markdown pages (MyST) and the package's docstrings (autodoc).

Build it with ``python -m sphinx -W --keep-going -b html docs build/docs`` (the ``docs`` extra).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

from rushmore_print import __version__

project = "rushmore-print"
author = "the rushmore-print authors"
copyright = "the rushmore-print authors, MIT licence"
release = version = __version__

extensions = ["myst_parser", "sphinx.ext.autodoc", "rushmore_docs"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]
myst_heading_anchors = 3  # [text](page.md#a-heading) links, as GitHub makes them

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
add_module_names = False

html_theme = "furo"
html_title = f"rushmore-print {release}"
html_show_sourcelink = False
