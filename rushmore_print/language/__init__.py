"""The players' language: ``i18n`` (gettext catalogues, CLDR plurals, lists and numbers in each
shipped language) and ``words`` (English lists and counts for messages to the designer)."""

__all__ = []
