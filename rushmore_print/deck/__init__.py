"""Logic on a deck, pure: choosing it (``generate``), the publisher's checks (``validate``,
``reports``), the deck manifest and its rows (``manifest``, ``rows``, ``sheet_manifest``), the
rules' content (``rulebook``) and the export targets' numbers (``targets``)."""

__all__ = []
