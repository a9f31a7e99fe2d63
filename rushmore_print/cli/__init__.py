"""The command line: ``commands`` (the click commands: each parses, makes one library call and
formats), ``commandline`` (their shared parts: errors to exit codes, ``-q``/``-v``, the options
several commands share), ``arguments`` (the values a person types) and ``console`` (the game at
a terminal, its streams injected). ``rushmore`` runs :func:`main` through ``rushmore_print.__main__``."""

from .commands import main

__all__ = ["main"]
