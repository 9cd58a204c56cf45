"""Multi-node tests (issue 25): real Redis, PostgreSQL and nginx around several servers."""
