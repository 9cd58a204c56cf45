"""Younuo (優諾): an open-source online card game in the family the world knows as UNO."""

__version__ = "0.1.0"
