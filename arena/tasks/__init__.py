"""ChildPlay's single-question tasks run by models, random baselines or people, stored answer by answer."""
