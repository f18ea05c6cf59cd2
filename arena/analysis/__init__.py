"""Metrics and summaries computed from match records."""
