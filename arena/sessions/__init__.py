"""Question-and-answer sessions shared by the hard-boards quiz and ChildPlay's tasks: records, tables, model asking."""
