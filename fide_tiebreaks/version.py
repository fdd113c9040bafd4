"""The package version, in a module of its own so that any layer can name it without importing
the package's public surface (``fide_tiebreaks/__init__.py``) and everything it pulls in."""

__version__ = "0.1.0"
