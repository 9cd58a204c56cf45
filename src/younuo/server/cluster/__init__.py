"""Several nodes on one PostgreSQL and one Redis.

Leases, messages between nodes, shared limits and the scheduler.
"""
