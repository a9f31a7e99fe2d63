"""The example designs (``classic``, ``junior``, ``five``, ``eight``): YAML files at the top of the
repository, shipped in the wheel as the package ``rushmore_print.designs`` (pyproject's
``package-dir`` maps this folder there), read with ``importlib.resources`` by ``rushmore init``
and by :func:`rushmore_print.design.load_design` for the built-in classic game."""
