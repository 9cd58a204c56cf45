"""What every request passes first.

Body size, security headers, rate limits by address and account, the refusal log.
"""
