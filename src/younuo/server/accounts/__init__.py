"""Accounts.

Sign-in and sessions, names, bot accounts, what a seat shows of an account, a player's own
data.
"""
