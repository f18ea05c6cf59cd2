"""Hard-boards quiz sessions: start, answer, resume and score, stored as they happen."""

from arena.quiz.session import QuizSession, latest_unfinished, load_session, start_session

__all__ = ["QuizSession", "latest_unfinished", "load_session", "start_session"]
