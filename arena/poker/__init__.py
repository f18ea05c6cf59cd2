"""Poker's outside system: OpenSpiel's solver, best responses and exploitability (spiel.py, the only importer),
the shipped equilibria, exact action values, and the grades of every decision."""
