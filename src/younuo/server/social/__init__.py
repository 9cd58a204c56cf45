"""Social play's service and REST API over the pure ``younuo.social``."""
