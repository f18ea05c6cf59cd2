"""Call prices read from litellm's bundled price list without importing litellm, equal to litellm's own."""

from __future__ import annotations

import random
import subprocess
import sys

from arena.llm.library import litellm_module
from arena.llm.prices import call_cost, estimate_cost, price_table
from tests.processes import ROOT


def test_prices_equal_litellms_for_listed_chat_models_and_tiers() -> None:
    table = price_table()
    chat = sorted(
        k for k, e in table.items() if isinstance(e, dict) and e.get("mode") == "chat" and "input_cost_per_token" in e
    )
    tiered = [k for k in chat if any(key.startswith("input_cost_per_token_above_") for key in table[k])][:20]
    litellm = litellm_module()
    compared = 0
    for model in random.Random(0).sample(chat, 100) + tiered + ["gpt-4o", "openai/gpt-4o-mini"]:
        for prompt, completion in ((1234, 567), (150_000, 2_000), (300_000, 1_000)):
            try:
                listed = sum(litellm.cost_per_token(model=model, prompt_tokens=prompt, completion_tokens=completion))
            except Exception:  # litellm refuses some providers it lists: nothing to compare with
                continue
            ours = call_cost(model, prompt, completion)
            assert ours is not None and abs(ours - listed) <= 1e-9 * max(1.0, listed), (model, prompt, ours, listed)
            compared += 1
    assert compared > 300 and tiered
    assert call_cost("openai/not-a-listed-model", 10, 10) is None and estimate_cost("gpt-4o", None) is None


def test_pricing_a_call_never_imports_litellm() -> None:
    code = (
        "import sys; from arena.llm.prices import estimate_cost; "
        "print(estimate_cost('openai/gpt-4o-mini', {'prompt': 100, 'completion': 50}), 'litellm' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    cost, imported = done.stdout.split()
    assert float(cost) > 0 and imported == "False"
