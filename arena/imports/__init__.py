"""Published game logs read into match records: Topsakal et al.'s CSV exports and ChildPlay's JSON runs."""
