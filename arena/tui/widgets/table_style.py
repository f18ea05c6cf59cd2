"""One table style in the app: a Rich table drawn as the app's DataTables are (shaded header, striped rows)."""

from __future__ import annotations

from rich.table import Table


def house_style(table: Table, colours: dict[str, str]) -> Table:
    """Restyle `table` with the app's theme colours (`App.get_css_variables()`): no rules, the DataTable look."""
    table.box = None
    table.show_edge = False
    table.header_style = f"bold on {colours.get('panel', 'grey15')}"
    table.row_styles = ["", f"on {colours.get('surface-lighten-1', 'grey11')}"]
    return table
