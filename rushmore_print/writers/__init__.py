"""Everything that writes files: the print-and-play kit (``build``), the vendor exports
(``export``), other people's card images imposed on sheets (``impose``), ``rushmore init``'s
starter design (``starter``), the game log file (``gamelog``), and the atomic writes and staged
folders they all write through (``files``). What they draw, ``render`` draws."""

__all__ = []
