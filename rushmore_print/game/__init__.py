"""The game at the table, pure: the referee's state machine (``referee``), a game with its log's
record format and resume (``session``), the referee's words (``narrate``) and the statistics of
played games (``stats``). No terminal and no web here."""

__all__ = []
