"""The README's Python examples run as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_examples() -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    text = readme.read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split("```python")[1:]]
    assert blocks, "the README has no Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"README[{i}]", str(readme), 0))
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 0 and failed == 0
