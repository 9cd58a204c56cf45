"""Simulation: tables of bots, batch runs with statistics, and RL environments."""
