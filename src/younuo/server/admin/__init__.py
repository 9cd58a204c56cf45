"""Administration and fair play.

Roles and standing, sanctions, the fair-play scan and the origins it reads.
"""
