"""ChildPlay's four models under the names its files use, joined on the model the paper names.

The game logs and Shapes folders name a model by a short tag (`gpt4o`); the LCL files by the dated id the
experiments called (`oa:gpt-4o-2024-08-06`). ChildPlay's README (its "Getting Started", the list `models =
['oa:gpt-3.5-turbo-1106', 'oa:gpt-4-1106-preview', 'oa:gpt-4o-2024-08-06', 'oa:gpt-4o-mini-2024-07-18']`)
and the paper's model list (GPT-3.5, GPT-4, GPT-4o, GPT-4o-mini) name the same four, so each dated id is the
snapshot behind one short name. The record keeps the dated id where a file gave it.
"""

from __future__ import annotations

FOLDER_MODELS = {"gpt3_5": "gpt-3.5-turbo", "gpt4": "gpt-4", "gpt4o": "gpt-4o", "gpt4o_mini": "gpt-4o-mini"}
DATED_MODELS = {
    "gpt-3.5-turbo-1106": "gpt-3.5-turbo",
    "gpt-4-1106-preview": "gpt-4",
    "gpt-4o-2024-08-06": "gpt-4o",
    "gpt-4o-mini-2024-07-18": "gpt-4o-mini",
}
SOURCE = "ChildPlay's README lists the four dated ids its experiments called; the paper names them by short name"


def paper_model(model_id: str) -> str:
    """The paper's name of a model the files name by a dated id (`gpt-4o-2024-08-06` -> `gpt-4o`), else the id."""
    return DATED_MODELS.get(model_id, model_id)
