"""ChildPlay's question -> answer -> judge tasks: pure item generators, renderers and judges (no I/O)."""

from games.tasks.base import Item, Task, Verdict

__all__ = ["Item", "Task", "Verdict"]
