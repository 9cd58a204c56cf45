"""Simulation: tables of bots, batch runs with statistics, and RL environments.

- :mod:`younuo.sim.table`: who is asked next at a table, and driving bots through a game;
- :mod:`younuo.sim.simulator`: many games with win rates and intervals (``younuo simulate``);
- :mod:`younuo.sim.stats`: Wilson intervals and percentiles;
- :mod:`younuo.sim.single_agent`: a Gymnasium environment (``rl`` dependency group);
- :mod:`younuo.sim.multi_agent`: a PettingZoo AEC environment (``rl`` group);
- :mod:`younuo.sim.rewards`, :mod:`younuo.sim.reinforce`: round rewards, and REINFORCE
  for the linear policy of :mod:`younuo.bots.policy`;
- :mod:`younuo.sim.handfit`: fitting the expert's hand model (:mod:`younuo.bots.handmodel`)
  to recorded hands (numpy: ``rl`` group; ``benchmarks/train_hand_model.py``).

Nothing here is imported by ``younuo.sim`` itself, so the simulator works without
the ``rl`` group installed.
"""
