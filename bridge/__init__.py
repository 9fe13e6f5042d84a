"""ygo-ruling: a Yu-Gi-Oh! OCG ruling checker.

The game rules live in ASP files (``ygo_ruling.asp``); this package is the thin
bridge around them: load a scenario, emit facts, solve with clingo, report.
"""

__version__ = "0.1.0"
