"""The Tasks screen through the pilot: a person answers items, a model's run streams and can be left midway."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, Static

from arena.players import PlayerOptions
from arena.store import MatchStore
from arena.store.tables import TASK_ANSWERS
from arena.tui.screens.tasks import TasksScreen, construct_picture
from arena.tui.widgets.reasoning import ReasoningPane
from games.tasks.base import Item
from tests.fake_llm_server import FakeServer, Reply
from tests.tui_helpers import click_button, current, make_app, wait_for


async def test_a_person_takes_the_shapes_task_from_the_setup_screen(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        screen = current(app)
        assert isinstance(screen, TasksScreen)
        screen.query_one("#task-items", Input).value = "3"
        await pilot.press("f5")
        await pilot.pause()
        assert screen.session is not None and screen.session.record.player == "human"
        shown = str(screen.query_one("#task-item", Static).render())
        assert "15 by 15" in shown and "0 0 0" in shown
        truths = [item.truth for item in screen.session.items]
        await pilot.press(*truths[0], "enter")
        await pilot.pause()
        assert "right" in str(screen.query_one("#task-feedback", Static).render())
        await pilot.press(*"cirlce", "enter")  # a typo is asked again, not scored
        await pilot.pause()
        assert "try again" in str(screen.query_one("#task-feedback", Static).render())
        assert len(screen.session.answers) == 1
        screen.query_one("#task-answer", Input).value = ""
        wrong = "circle"
        await pilot.press(*wrong, "enter", *truths[2], "enter")
        await pilot.pause()
        assert screen.session.finished and [a.correct for a in screen.session.answers] == [True, False, True]
        assert "2 of 3 correct" in str(screen.query_one("#task-item", Static).render())
    with MatchStore(db_path) as store:
        assert len(list(store.documents(TASK_ANSWERS))) == 3


async def test_a_model_run_streams_its_reasoning_and_leaving_keeps_the_answers(
    db_path: Path, fake_llm: FakeServer
) -> None:
    thought = "".join(f"step {i} " for i in range(600))
    fake_llm.script("watched", Reply(reasoning_content=thought, content="valid", chunk_size=4, chunk_delay=0.002))
    app = make_app(db_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = TasksScreen(app.store, PlayerOptions(api_base=fake_llm.url, timeout=30, retries=0))
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#task-name", Select).value = "lcl-validity"
        screen.query_one("#task-who", Select).value = "llm"
        screen.query_one("#task-model", Input).value = "openai/watched"
        screen.query_one("#task-items", Input).value = "4"
        await pilot.pause()  # the model fields appear: the Start button moves
        await pilot.click("#task-start")
        pane = screen.query_one(ReasoningPane)
        await wait_for(pilot, lambda: screen.session is not None and len(screen.session.answers) >= 1, 60)
        await wait_for(pilot, lambda: len(pane.reasoning) > 500)
        assert "step" in pane.reasoning and "item" in pane.heading
        answered = len(screen.session.answers) if screen.session else 0
        calls = len(fake_llm.calls("watched"))
        screen.action_leave()
        await pilot.pause(1.0)
        assert app.is_running and not isinstance(app.screen, TasksScreen)
        assert len(fake_llm.calls("watched")) == calls  # no new call once the screen is left
    with MatchStore(db_path) as store:
        stored = list(store.documents(TASK_ANSWERS))
    assert answered <= len(stored) < 4 and all(a["read"] == "valid" for a in stored)


def test_a_construct_is_drawn_in_the_terminal_with_overlaps_marked() -> None:
    picture = construct_picture(Item(1, "invalid", "((0, 0, 'red'), (2, 0, 'blue'), (0, 1, 'yellow'))"))
    lines = picture.plain.splitlines()
    assert lines[0].startswith("  1 ") and lines[1].startswith("  0 ") and "▒" in lines[1] and "▒" not in lines[0]


async def test_a_model_is_checked_before_a_session_is_opened_for_it(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = TasksScreen(app.store)
        await app.push_screen(screen)
        await pilot.pause()
        fields = [screen.query_one(f"#task-{name}", Input) for name in ("model", "api-base")]
        assert not any(field.region for field in fields)  # a person answers: no model fields in the way
        screen.query_one("#task-who", Select).value = "llm"
        await wait_for(pilot, lambda: all(field.region for field in fields))
        assert all(field.region.width >= 40 for field in fields)  # a row of their own: a name and an address fit
        feedback = screen.query_one("#task-feedback", Static)
        screen.query_one("#task-model", Input).value = "openai/gpt-4o-mini;sample=3"  # a vote reads moves, not answers
        await pilot.click("#task-start")
        await wait_for(pilot, lambda: "do not apply to ChildPlay's tasks" in str(feedback.render()), 30)
        screen.query_one("#task-model", Input).value = "openai/gpt-4o-mini"
        screen.query_one("#task-api-base", Input).value = "http://127.0.0.1:9/v1"  # nothing listens there
        await click_button(pilot, "#task-start")
        # a safety net, not a timing: the check imports litellm, which takes several seconds under load
        await wait_for(pilot, lambda: "unreachable" in str(feedback.render()), 120)
        assert screen.session is None  # no session opened for a model that cannot answer
    with MatchStore(db_path) as store:
        assert list(store.documents(TASK_ANSWERS)) == []


async def test_recorded_lcl_sessions_show_the_published_figure_and_each_rule(db_path: Path) -> None:
    import shutil

    from arena.imports.lcl_experiments import read_lcl
    from arena.imports.run import add_sessions
    from arena.imports.shipped import published_folder

    with published_folder("childplay") as folder, MatchStore(db_path) as store:
        shutil.copytree(folder / "lcl_experiments", db_path.parent / "lcl")
        add_sessions(store, read_lcl([db_path.parent / "lcl"])[0])
    app = make_app(db_path)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = TasksScreen(app.store)
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#task-name", Select).value = "lcl-validity"

        def shown() -> str:
            return str(screen.query_one("#task-item", Static).render())

        await wait_for(pilot, lambda: "Recorded lcl-validity sessions" in shown())
        assert "llm:gpt-4 T=0: 50/100 (50%)" in shown()
        assert "published 2%, overlap-only rule 2%" in shown() and "random 50%" in shown()
