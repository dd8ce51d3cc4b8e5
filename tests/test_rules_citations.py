"""Every rules citation in the shipped sources resolves to a heading of ``docs/rules/``.

A citation is ``NAME.md §N`` (``catan.md §5.4``, ``puerto_rico.md §8 A1``, ``puerto_rico.md §9
DP-SET1``): ``docs/rules/NAME.md`` must exist and hold a heading numbered ``N`` (a label such as ``A1``
or ``DP-SET1`` must head a subsection of ``N``; ``step 3`` (or ``case``, ``item``, ``line``, ``trigger``)
must be a numbered list item of ``N``). The conventions, as ``docs/rules/README.md`` states them:

- A runtime string (a Python string that is not a docstring: fault messages, option help) names its
  file in the same string, so a bot author can look every reference up without reading our source.
- Docstrings, comments, ``.proto`` comments and Markdown may cite ``§N`` alone after naming the file
  earlier in the same source file; inside ``docs/rules/NAME.md`` a bare ``§N`` means NAME.md itself.
- Bare Puerto Rico ids (``DP-SET1``, ``A13``) are citations of the file named last (they must be labels
  of ``puerto_rico.md``); a ``DP-`` id in a file that names no rules file is an error.
- No reference to the specification files outside the project (``shared/rules/``), no prose citation
  (``section 5.4``), no "rules digest".
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"
SCANNED = ("engine", "bots", "arena", "ladders", "proto", "docs", "tests", "benchmarks", "README.md")
SUFFIXES = {".py", ".proto", ".md", ".js", ".mjs", ".ts", ".cc", ".cpp", ".h", ".hpp", ".txt", ".toml"}
SKIP_DIRS = {"node_modules", "__pycache__", "build", ".venv"}
RULEBOOKS = ("catan.md", "puerto_rico.md", "cities_and_knights.md", "seafarers.md")

NUMBER = r"\d+(?:\.\d+)*"
LABEL = r"(?:A\d{1,2}|V\d|DP-[A-Z]+\d*)"
TOKEN = re.compile(
    rf"(?P<shared>shared/(?:rules|seeds)/)"
    rf"|(?<![\w.-])(?P<prefix>docs/rules/)?(?P<file>[A-Za-z][\w-]*)\.md\b"
    rf"|§\s?(?P<first>{NUMBER})(?:\s?-\s?§?\s?(?P<last>{NUMBER}))?"
    rf"(?:\s+(?P<kind>step|case|item|line|trigger)s?\s+(?P<n1>\d+)(?:\s?-\s?(?P<n2>\d+))?)?"
    rf"(?:\s+(?P<labels>{LABEL}(?:/{LABEL})*)\b)?"
    rf"|(?P<loose>§)"
    rf"|(?<![\w-])(?P<dp>DP-[A-Z]+\d*)\b"
    rf"|(?<![\w-])(?P<amb>A\d{{1,2}})\b"
    rf"|(?P<prose>\b[Ss]ections?\s+\d)"
    rf"|(?P<digest>\b[Rr]ules digest)"
)
HEADING = re.compile(r"^(#{1,6})\s+(\S+)(.*)$")
LIST_ITEM = re.compile(r"^\s*(\d+)\.\s")


@dataclass
class Rulebook:
    """The headings of one file of ``docs/rules/``."""

    sections: dict[str, list[str]] = field(default_factory=dict)
    """Section number -> the lines of its body (subsections included)."""
    labels: dict[str, str] = field(default_factory=dict)
    """Label (``A1``, ``DP-SET1``, ``V2``) -> the number of the section it heads a part of."""
    duplicates: list[str] = field(default_factory=list)


def load_rulebook(text: str) -> Rulebook:
    book = Rulebook()
    open_sections: list[tuple[int, str]] = []  # (heading level, number) whose bodies are collecting
    current = ""
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            level, tok = len(m.group(1)), m.group(2).rstrip(".:")
            open_sections = [(lv, n) for lv, n in open_sections if lv < level]
            if re.fullmatch(NUMBER, tok):
                if tok in book.sections:
                    book.duplicates.append(tok)
                book.sections[tok] = []
                open_sections.append((level, tok))
                current = tok
            elif re.fullmatch(LABEL, tok):
                if tok in book.labels:
                    book.duplicates.append(tok)
                book.labels[tok] = current
            continue
        for _, number in open_sections:
            book.sections[number].append(line)
    return book


def load_rulebooks(rules_dir: Path = RULES_DIR) -> dict[str, Rulebook]:
    paths = sorted(p for p in rules_dir.glob("*.md") if p.name != "README.md")
    return {p.name: load_rulebook(p.read_text(encoding="utf-8")) for p in paths}


@dataclass(frozen=True)
class Unit:
    """A piece of source text checked as one: a string, a docstring, a comment or a line."""

    line: int
    text: str
    strict: bool
    """The file must be named inside the unit (runtime strings; every line of ``docs/rules/``)."""
    default: str | None = None
    """The file a bare ``§N`` refers to when the unit names none (``docs/rules/NAME.md`` itself)."""


def python_units(source: str) -> list[Unit]:
    tree = ast.parse(source)
    docs: set[int] = set()
    units: list[tuple[int, int, Unit]] = []
    for node in ast.walk(tree):  # string statements: module, class, function and attribute docstrings
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            docs.add(id(node.value))
            units.append((node.lineno, node.col_offset, Unit(node.lineno, node.value.value, False)))
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in inner:
            parts = [v.value if isinstance(v, ast.Constant) else "{}" for v in node.values]
            inner.update(id(v) for v in ast.walk(node) if v is not node)
            units.append((node.lineno, node.col_offset, Unit(node.lineno, "".join(map(str, parts)), True)))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and id(node) not in inner
        ):
            units.append((node.lineno, node.col_offset, Unit(node.lineno, node.value, True)))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            units.append((tok.start[0], tok.start[1], Unit(tok.start[0], tok.string, False)))
    return [u for _, _, u in sorted(units, key=lambda t: (t[0], t[1]))]


def file_units(path: Path, text: str) -> list[Unit]:
    if path.suffix == ".py":
        return python_units(text)
    own = path.name if path.parent == RULES_DIR and path.name != "README.md" else None
    return [Unit(i, line, own is not None, own) for i, line in enumerate(text.splitlines(), 1)]


def check_units(units: list[Unit], books: dict[str, Rulebook]) -> tuple[list[str], int]:
    """Problems as ``line: message`` and the number of references that resolved."""
    problems: list[str] = []
    resolved = 0
    context: str | None = None  # the file named last in the source file, for non-strict units

    def fail(unit: Unit, what: str, m: re.Match[str]) -> None:
        start = max(0, m.start() - 40)
        problems.append(f"{unit.line}: {what}: ...{unit.text[start : m.end() + 20].strip()}...")

    for unit in units:
        local = unit.default
        for m in TOKEN.finditer(unit.text):
            target = local if unit.strict else (local or context)
            if m.group("shared"):
                fail(unit, "a file outside the project; cite docs/rules/ instead", m)
            elif m.group("file"):
                name = m.group("file") + ".md"
                cited = re.match(r"\s?§", unit.text[m.end() :]) is not None
                if name in books:
                    local = name
                    if not unit.strict:
                        context = name
                elif cited or (m.group("prefix") and not (RULES_DIR / name).is_file()):
                    fail(unit, f"docs/rules/{name} does not exist", m)
            elif m.group("first") or m.group("loose"):
                if re.search(r"RFC\s?\d+\s*$", unit.text[: m.start()]):
                    continue  # a section of an RFC, not of our rules
                if m.group("loose"):
                    if not unit.text[m.end() :].startswith("{"):  # {...}: a section filled in at run time
                        fail(unit, "§ must be followed by a section number", m)
                    continue
                if target is None:
                    fail(unit, "a § citation that names no file of docs/rules/", m)
                    continue
                book = books[target]
                for number in filter(None, (m.group("first"), m.group("last"))):
                    if number not in book.sections:
                        fail(unit, f"{target} has no section {number}", m)
                        continue
                    resolved += 1
                    if m.group("kind"):
                        items = {i.group(1) for i in map(LIST_ITEM.match, book.sections[number]) if i}
                        for n in filter(None, (m.group("n1"), m.group("n2"))):
                            if n not in items:
                                fail(unit, f"{target} §{number} has no {m.group('kind')} {n}", m)
                for label in (m.group("labels") or "").split("/") if m.group("labels") else ():
                    if book.labels.get(label) != m.group("first"):
                        fail(unit, f"{target} has no {label} in §{m.group('first')}", m)
                    else:
                        resolved += 1
            elif m.group("dp") or (m.group("amb") and (local or context) == "puerto_rico.md"):
                label, target = m.group("dp") or m.group("amb"), local or context  # ids: file context
                if target is None:
                    fail(unit, f"{label} is cited without naming puerto_rico.md", m)
                elif label not in books[target].labels:
                    fail(unit, f"{target} has no {label}", m)
                else:
                    resolved += 1
            elif m.group("prose"):
                fail(unit, "a prose citation; write NAME.md §N", m)
            elif m.group("digest"):
                fail(unit, "cite docs/rules/ (NAME.md §N), not a rules digest", m)
    return problems, resolved


def shipped_files() -> list[Path]:
    files: list[Path] = []
    for entry in SCANNED:
        path = ROOT / entry
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        for p in candidates:
            if (
                p.is_file()
                and p.suffix in SUFFIXES
                and not SKIP_DIRS & set(p.parts)
                and p != Path(__file__).resolve()
            ):
                files.append(p)
    return files


def test_the_rules_reference_ships() -> None:
    books = load_rulebooks()
    assert set(RULEBOOKS) <= set(books), sorted(books)
    assert (RULES_DIR / "README.md").is_file()
    for name in RULEBOOKS:
        assert not books[name].duplicates, f"{name}: headings used twice: {books[name].duplicates}"


def test_every_citation_resolves() -> None:
    books = load_rulebooks()
    problems: list[str] = []
    resolved = 0
    for path in shipped_files():
        found, count = check_units(file_units(path, path.read_text(encoding="utf-8")), books)
        problems += [f"{path.relative_to(ROOT)}:{p}" for p in found]
        resolved += count
    assert not problems, "\n".join(problems)
    assert resolved > 500, resolved  # the scan does find the engine's citations


def test_rule_cases_cite_sections_that_exist() -> None:
    from tests.engine.games.catan.cases import CASES as CATAN_CASES
    from tests.engine.games.catan.jungle_cases import JUNGLE_CASES
    from tests.engine.games.puerto_rico import (
        test_roles_builder,
        test_roles_captain,
        test_roles_mayor,
        test_roles_settler,
        test_round,
    )

    books = load_rulebooks()
    catan, pr = books["catan.md"], books["puerto_rico.md"]
    for case in CATAN_CASES:
        for section in case.section.split("/"):
            assert section in catan.sections, f"{case.name}: catan.md has no §{section}"
    for case in JUNGLE_CASES:
        for section in case.section.split("/"):
            assert section in books["seafarers.md"].sections, f"{case.name}: seafarers.md has no §{section}"
    modules = (test_roles_builder, test_roles_captain, test_roles_mayor, test_roles_settler, test_round)
    for case in (c for mod in modules for c in mod.CASES):
        first = case.name.split()[0]
        assert first in pr.sections or first in pr.labels, f"{case.name!r}: not a section of puerto_rico.md"


BOOK = """# Game
## 5. Turn
### 5.4 Seven
1. Discard.
2. Move.
## 8. Ambiguities
### A1 Quarry
"""


def _check(source: str, suffix: str = ".py") -> list[str]:
    books = {"game.md": load_rulebook(BOOK), "puerto_rico.md": load_rulebook(BOOK)}
    units = python_units(source) if suffix == ".py" else file_units(Path("x" + suffix), source)
    return check_units(units, books)[0]


def test_the_checker_accepts_good_citations() -> None:
    source = (
        '"""Rules (game.md §5, §5.4 step 2): see §8 A1."""\n'
        'WHY = f"seat {1} must discard (game.md §5.4 steps 1-2)"\n'
        'IDS = [f"§{n}" for n in range(2)]\n'
        "# RFC 7235 §2.1 is not ours; game.md §5-§5.4\n"
    )
    assert _check(source) == []
    assert _check("// the seven (game.md §5.4)\n// again (§5.4)\n", ".proto") == []


def test_the_checker_refuses_bad_citations() -> None:
    bad = {
        '"""game.md §5.5"""': "has no section 5.5",
        '"""gmae.md §5.4"""': "docs/rules/gmae.md does not exist",
        '"""see docs/rules/other.md"""': "docs/rules/other.md does not exist",
        '"""game.md §5.4 step 3"""': "has no step 3",
        '"""game.md §8 A2"""': "has no A2",
        '"""game.md §5 A1"""': "has no A1 in §5",
        '"""§5.4"""': "names no file",
        '"""shared/rules/game.md §5.4"""': "outside the project",
        '"""game.md section 5.4"""': "prose citation",
        '"""the rules digest"""': "not a rules digest",
        '"""game.md §Robber"""': "followed by a section number",
        'X = "discard (§5.4)"\n"""game.md"""': "names no file",
        '"""game.md"""\nX = "discard (§5.4)"': "names no file",
        '"""puerto_rico.md §5"""\nX = 1  # A3': "has no A3",
        'X = "not a choice (DP-SET1)"': "without naming puerto_rico.md",
    }
    for source, why in bad.items():
        problems = _check(source)
        assert any(why in p for p in problems), (source, problems)
