"""``remem eval``: retrieval quality on public data sets, printed as JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

import remem
from remem.eval.locomo import INGESTIONS
from remem.eval.longmemeval import GRANULARITIES
from remem.eval.multilingual import PARTS
from remem.eval.poisoning import CHANNELS

F = TypeVar("F", bound=Callable[..., Any])
MODES = ("dense", "keyword", "hybrid", "all")
ABLATION_HELP = "Run each pipeline stage on and off (overrides --mode)."
STORE_HELP = (
    "Store to fill (default: in memory). An earlier eval's store is reused, skipping ingest."
)


def data_option(help: str, *, folder: bool = False) -> Callable[[F], F]:
    """An evaluation's ``--data``: an existing file (or, with ``folder``, directory)."""
    kind = click.Path(exists=True, file_okay=not folder, dir_okay=folder)
    return click.option("--data", required=True, type=kind, help=help)


#: The ``--data`` option of the evaluations over LoCoMo.
locomo_data = data_option("locomo10.json")


def _modes(mode: str) -> tuple[str, ...]:
    return ("dense", "keyword", "hybrid") if mode == "all" else (mode,)


def _write(report: dict[str, object], output: str | None) -> None:
    text = json.dumps(report, indent=2)
    click.echo(text)
    if output:
        Path(output).write_text(text + "\n", encoding="utf-8")


def common_options(func: F) -> F:
    """Options every evaluation takes."""
    for option in reversed(
        [
            click.option(
                "--embedder", envvar="REMEM_EMBEDDER", help="Embedder (default local:minilm)."
            ),
            click.option("--output", help="Also write the JSON report to this file."),
        ]
    ):
        func = option(func)
    return func


def run_options(func: F) -> F:
    """Options of the retrieval evaluations: the common ones, a reusable store, ablation."""
    func = click.option("--ablation", is_flag=True, help=ABLATION_HELP)(func)
    func = click.option("--store", "store_path", default=":memory:", help=STORE_HELP)(func)
    return common_options(func)


@click.group(name="eval")
def eval_group() -> None:
    """Measure retrieval quality on LoCoMo, chat histories or a BEIR data set, or the semantic
    cache on MQP."""


def fold_options(choose_by: str | None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--folds``, ``--seeds``, ``--candidates`` and ``--choose-by`` (default ``choose_by``):
    the cross-validation options, declared once for every evaluation that has them
    (:func:`remem.eval.folds.cross_validate`); :func:`_fold_arguments` reads them. With
    ``choose_by`` None, the folds and seeds only (an evaluation that chooses by its own rule,
    as the cache's calibrated threshold)."""

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        options = [
            click.option(
                "--folds",
                type=click.IntRange(2),
                default=None,
                help="Also cross-validate: in each of N folds (stratified by question "
                "type, or label), the setting chosen on the other folds, scored on the "
                "fold held out; mean ± spread.",
            ),
            click.option(
                "--seeds",
                default="0,1,2",
                show_default=True,
                help="Seeds of the fold splits, comma-separated (each seed holds every "
                "question out once).",
            ),
            click.option(
                "--candidates",
                "candidates_file",
                type=click.Path(exists=True, dir_okay=False),
                default=None,
                help="JSON object: name -> search options (RetrievalConfig fields), the "
                "settings the folds choose among (default: the evaluation's own).",
            ),
            click.option(
                "--choose-by",
                default=choose_by,
                show_default=True,
                help="The metric a fold's choice maximises on the other folds.",
            ),
        ]
        for option in reversed(options if choose_by is not None else options[:2]):
            command = option(command)
        return command

    return decorate


def _fold_arguments(
    seeds: str, candidates_file: str | None
) -> tuple[list[int], dict[str, dict[str, Any]] | None]:
    """The seeds as integers and the candidates file's settings (None: none given)."""
    try:
        seed_list = [int(part) for part in seeds.split(",") if part.strip()]
    except ValueError as exc:
        raise click.BadParameter(f"seeds are integers separated by commas: {seeds!r}") from exc
    if not seed_list:
        raise click.BadParameter("give at least one seed")
    if candidates_file is None:
        return seed_list, None
    runs = json.loads(Path(candidates_file).read_text(encoding="utf-8"))
    if (
        not isinstance(runs, dict)
        or not runs
        or not all(isinstance(v, dict) for v in runs.values())
    ):
        raise click.BadParameter("--candidates holds a JSON object of name -> options")
    return seed_list, runs


@eval_group.command()
@locomo_data
@click.option("--k", "ks", default="5,10,20", show_default=True, help="Comma-separated cut-offs.")
@click.option("--mode", type=click.Choice(MODES), default="hybrid", show_default=True)
@click.option(
    "--ingestion",
    type=click.Choice(INGESTIONS),
    default="labelled",
    show_default=True,
    help='How turns are stored: "Speaker: text" with the speaker in metadata, the text with '
    "the speaker in metadata, the text with roles user/assistant (no names), or bare (the "
    "text with the speaker in metadata, no photo captions, one time per session).",
)
@run_options
def locomo(
    data: str,
    ks: str,
    mode: str,
    ingestion: str,
    embedder: str | None,
    output: str | None,
    store_path: str,
    ablation: bool,
) -> None:
    """Turn-level recall@k on LoCoMo, categories 1-4, overall, per category and per half
    (conversations 0-4 tune, 5-9 report)."""
    from remem.eval.locomo import evaluate_locomo

    try:
        cutoffs = sorted({int(k) for k in ks.split(",")})
    except ValueError as exc:
        raise remem.InvalidInputError(f"--k takes integers like 5,10,20: {exc}") from exc
    with remem.open(store_path, embedder=embedder) as mem:
        report = evaluate_locomo(
            mem,
            data,
            ks=cutoffs,
            modes=_modes(mode),
            ablation=ablation,
            ingestion=ingestion,
            progress=sys.stderr.isatty(),
        )
    _write(report, output)


@eval_group.command()
@data_option("A BEIR folder (corpus.jsonl, queries.jsonl, qrels/).", folder=True)
@click.option("--mode", type=click.Choice(MODES), default="hybrid", show_default=True)
@click.option("--split", default="test", show_default=True)
@run_options
def beir(
    data: str,
    mode: str,
    split: str,
    embedder: str | None,
    output: str | None,
    store_path: str,
    ablation: bool,
) -> None:
    """nDCG@10 and recall@100 on a BEIR data set's test queries."""
    from remem.eval.beir import evaluate_beir

    with remem.open(store_path, embedder=embedder) as mem:
        report = evaluate_beir(
            mem,
            data,
            modes=_modes(mode),
            ablation=ablation,
            split=split,
            progress=sys.stderr.isatty(),
        )
    _write(report, output)


@eval_group.command()
@locomo_data
@click.option(
    "--probes",
    required=True,
    type=click.Path(exists=True, dir_okay=False),
    help="The probe set, e.g. tests/data/chat_recall.jsonl.",
)
@click.option("--seed", default=0, show_default=True, help="Where the probes' sessions go.")
@fold_options("found@5")
@common_options
def chat(
    data: str,
    probes: str,
    seed: int,
    folds: int | None,
    seeds: str,
    candidates_file: str | None,
    choose_by: str,
    embedder: str | None,
    output: str | None,
) -> None:
    """Chat recall: the assistant's answers, stated preferences and facts, found again in
    LoCoMo-long chat histories (one in-memory store); with --folds, the candidates'
    settings cross-validated over the probes."""
    from remem.eval.chat import evaluate_chat

    seed_list, runs = _fold_arguments(seeds, candidates_file)
    with remem.open(":memory:", embedder=embedder) as mem:
        report = evaluate_chat(
            mem, data, probes, seed=seed, runs=runs, folds=folds, seeds=seed_list,
            choose_by=choose_by, progress=sys.stderr.isatty(),
        )  # fmt: skip
    _write(report, output)


@eval_group.command()
@data_option("mqp.csv (group, question_1, question_2, label).")
@click.option("--threshold", type=float, default=None, help="The cache's threshold (default).")
@click.option("--no-guard", is_flag=True, help="Turn the opposite-question guard off.")
@click.option(
    "--target-precision",
    type=float,
    default=0.95,
    show_default=True,
    help="Also report the lowest threshold reaching this precision on the pairs.",
)
@click.option(
    "--agree-margin",
    type=float,
    default=None,
    help="How far below the threshold questions that agree may hit (default: the cache's).",
)
@click.option(
    "--near-misses",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Also a near-miss set (kind,cached,asked,same_answer), e.g. "
    "tests/data/cache_near_misses.csv.",
)
@fold_options(None)
@common_options
@click.option("--store", "store_path", default=":memory:", help="Store for the cache entries.")
def cache(
    data: str,
    threshold: float | None,
    no_guard: bool,
    target_precision: float,
    agree_margin: float | None,
    near_misses: str | None,
    folds: int | None,
    seeds: str,
    embedder: str | None,
    output: str | None,
    store_path: str,
) -> None:
    """Semantic cache precision, recall and false-hit rate across thresholds (MQP pairs, and
    a near-miss set)."""
    from remem.eval.cache import evaluate_cache
    from remem.memory_types.cache import AGREE_MARGIN, DEFAULT_THRESHOLD

    with remem.open(store_path, embedder=embedder) as mem:
        report = evaluate_cache(
            mem,
            data,
            threshold=DEFAULT_THRESHOLD if threshold is None else threshold,
            guard=not no_guard,
            agree_margin=AGREE_MARGIN if agree_margin is None else agree_margin,
            target_precision=target_precision,
            near_misses=near_misses,
            progress=sys.stderr.isatty(),
            folds=folds,
            seeds=tuple(_fold_arguments(seeds, None)[0]),
        )
    _write(report, output)


@eval_group.command("cache-replay")
@data_option("mqp.csv (group, question_1, question_2, label).")
@click.option(
    "--half",
    type=click.IntRange(0, 1),
    default=1,
    show_default=True,
    help="The half of MQP replayed: 1 reports, 0 is the tuning half.",
)
@click.option(
    "--bounds", default="0.02,0.05,0.1", show_default=True, help="Error bounds to replay."
)
@click.option("--confidence", type=float, default=None, help="The bound's confidence (default).")
@click.option(
    "--judges",
    default="0.95,0.99",
    show_default=True,
    help="Accuracies of simulated judges (verify) to replay the middle bound with ('' for none).",
)
@click.option("--seeds", default="0,1,2", show_default=True, help="Stream orders replayed.")
@click.option("--fit", is_flag=True, help="Also fit the likeness weights on the other half.")
@click.option("--svg", type=click.Path(dir_okay=False), default=None, help="Write the curves here.")
@common_options
def cache_replay(
    data: str,
    half: int,
    bounds: str,
    confidence: float | None,
    judges: str,
    seeds: str,
    fit: bool,
    svg: str | None,
    embedder: str | None,
    output: str | None,
) -> None:
    """The semantic cache replayed as an application uses it (MQP: lookups, wrong hits
    reported, answers stored after misses): error and recall over the stream for each error
    bound, beside the static threshold."""
    from remem.eval.cache_replay import curves_svg, run_replay

    def numbers(text: str) -> tuple[float, ...]:
        try:
            return tuple(float(v) for v in text.split(",") if v.strip())
        except ValueError as exc:
            raise click.BadParameter(f"a comma-separated list of numbers, got {text!r}") from exc

    report = run_replay(
        lambda path: remem.open(path, embedder=embedder),
        data,
        half=half,
        bounds=numbers(bounds),
        confidence=confidence,
        judges=numbers(judges),
        seeds=tuple(int(v) for v in numbers(seeds)),
        fit=fit,
        progress=sys.stderr.isatty(),
    )
    if svg:
        Path(svg).write_text(curves_svg(report), encoding="utf-8")
    for label, run in report["runs"].items():
        click.echo(
            f"{label:<36} hits {run['hits']:5d}  error {run['error']:.4f} "
            f"(worst seed {run['worst_error']:.4f})  recall {run['recall']:.4f}  "
            f"lookup p50 {run['lookup_ms_p50']:.3f} ms",
            err=True,
        )
    _write(report, output)


@eval_group.command()
@locomo_data
@click.option(
    "--attacks",
    required=True,
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="An attack set (repeatable), e.g. benchmarks/data/trust/attacks-A-test.jsonl.",
)
@click.option(
    "--benign",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="Benign near-misses and ordinary turns to count marks on (repeatable), e.g. "
    "benchmarks/data/trust/benign-test.jsonl.",
)
@click.option(
    "--split",
    type=click.Choice(["dev", "test", "both"]),
    default="test",
    show_default=True,
    help="dev: the part the rules were written on; test: the held-out part.",
)
@click.option(
    "--channel",
    "channels",
    multiple=True,
    type=click.Choice(CHANNELS),
    help="How the attacks reach the store (repeatable; default: every channel).",
)
@click.option("--k", default=10, show_default=True, help="Hits per context.")
@click.option("--budget", default=1000, show_default=True, help="Tokens per context.")
@common_options
def poisoning(
    data: str,
    attacks: tuple[str, ...],
    benign: tuple[str, ...],
    split: str,
    channels: tuple[str, ...],
    k: int,
    budget: int,
    embedder: str | None,
    output: str | None,
) -> None:
    """Memory poisoning: attacks stored through each channel (the user's own words, a
    document, a tool's output, another user of a shared agent) among LoCoMo conversations,
    each trigger asked through context(); how many reach a context unfenced, how many in the
    user's own words are marked, per language and style, and the false flags on benign text
    (one in-memory store per channel and split)."""
    from remem.eval.poisoning import evaluate_poisoning

    report: dict[str, object] = {"dataset": "poisoning (attack sets + LoCoMo)", "splits": {}}
    for name in ("dev", "test") if split == "both" else (split,):
        report["splits"][name] = evaluate_poisoning(  # type: ignore[index]
            lambda: remem.open(":memory:", embedder=embedder),
            data,
            list(attacks),
            list(benign) or None,
            split=name,
            channels=channels or CHANNELS,
            k=k,
            budget_tokens=budget,
            progress=sys.stderr.isatty(),
        )
    with remem.open(":memory:", embedder=embedder) as mem:
        report["embedder"] = mem.embedder.name
    _write(report, output)


@eval_group.command()
@data_option("longmemeval_s_dev280.json.xz (or .json).")
@click.option("--limit", type=click.IntRange(1), default=None, help="Only the first questions.")
@click.option(
    "--granularity",
    type=click.Choice([*GRANULARITIES, "both"]),
    default="both",
    show_default=True,
    help="A memory per session, or per user turn and per round of turn and reply.",
)
@click.option(
    "--store",
    "store_dir",
    default=None,
    help="Keep each granularity's store in this folder (sessions.db, turns.db) and reuse it "
    "on the next run; a stopped run resumes (default: in memory).",
)
@fold_options("recall_all@5")
@click.option("--details", is_flag=True, help="Add each question's top 10 sessions per method.")
@common_options
def longmemeval(
    data: str,
    limit: int | None,
    granularity: str,
    store_dir: str | None,
    folds: int | None,
    seeds: str,
    candidates_file: str | None,
    choose_by: str,
    details: bool,
    embedder: str | None,
    output: str | None,
) -> None:
    """LongMemEval_S: the evidence sessions among each question's ~48, ranked by plain cosine
    and by remem's search, per granularity, on the tune and report halves; with --folds,
    cross-validated over every question."""
    from remem.eval.longmemeval import evaluate_longmemeval

    seed_list, runs = _fold_arguments(seeds, candidates_file)
    report: dict[str, object] = {"dataset": "LongMemEval_S dev", "granularities": {}}
    for name in GRANULARITIES if granularity == "both" else (granularity,):
        path = ":memory:"
        if store_dir:
            Path(store_dir).mkdir(parents=True, exist_ok=True)
            path = str(Path(store_dir) / f"{name}.db")
        # Turns are embedded to the model's window only (part_tokens=0): a round's reply past
        # 256 tokens is found by its words, not by window vectors, which would take the
        # store's build from 46 minutes to about 92 on two cores (benchmarks/RESULTS.md).
        # Sessions keep the default.
        parts = 0 if name == "turns" else remem.Settings().part_tokens
        with remem.open(path, embedder=embedder, part_tokens=parts) as mem:
            report["granularities"][name] = evaluate_longmemeval(  # type: ignore[index]
                mem, data, granularity=name, limit=limit, progress=sys.stderr.isatty(),
                runs=runs, folds=folds, seeds=seed_list, choose_by=choose_by, details=details,
            )  # fmt: skip
    _write(report, output)


@eval_group.command()
@data_option("The multilingual set: a folder of <language>.json chats.", folder=True)
@click.option(
    "--part",
    type=click.Choice(list(PARTS)),
    default="report",
    show_default=True,
    help="tune: each language's first chat (choices are made there); report: the others.",
)
@common_options
def multilingual(data: str, part: str, embedder: str | None, output: str | None) -> None:
    """Recall over chats in fifteen languages (benchmarks/data/multilingual): each chat one
    user's memories, its questions (six kinds, some asked in another language) searched in
    that user's scope, by hybrid, dense and keyword search. The store is in memory; without
    --embedder it is chosen as remem.open() chooses for a new store (its first write)."""
    from remem.eval.multilingual import evaluate_multilingual

    with remem.open(":memory:", embedder=embedder) as mem:
        report = evaluate_multilingual(mem, data, part=part, progress=sys.stderr.isatty())
    _write(report, output)
