//! Errors by code (issue 20): every error variant the core can give a reader has a stable
//! code of its own, and its parameters carry every value its message shows. The oracle is
//! the English catalog (`www/js/i18n/en.js`): its `error.CODE` message, with the holes
//! filled from the parameters (plain numbers, phrases worded from their own `error.CODE`),
//! must read exactly as the error's `Display`, the English the CLI prints. So a value the
//! message shows but the parameters lack, a code without a catalog message, or a catalog
//! message that says something else than the core all fail here.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use loopy::error::{ArgError, Coded, Param};
use loopy::explain::ExplainError;
use loopy::game::{check_fields, GameError, Player, RingGame};
use loopy::graph::{Field, Graph, GraphBuilder, GraphError};
use loopy::grundy::RingGrundyError;
use loopy::judge::gen::GenError;
use loopy::judge::graph::{parse_dag, parse_edges, parse_goal, TextError};
use loopy::judge::{ErrorKind, JudgeError};

/// The `error.*` messages of the English catalog, by code, and the `name.*` ones its errors refer to (one key a line, its message a
/// single-quoted or double-quoted JS string on the same line or, wrapped by the
/// formatter, the next).
fn catalog() -> HashMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/js/i18n/en.js");
    let text = std::fs::read_to_string(path).expect("the English catalog");
    let mut out = HashMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = line.trim();
        // The errors by code, and the names they refer to (`{=name.hole}`) as `=name.hole`.
        let (rest, referred) = match (line.strip_prefix("'error."), line.strip_prefix("'name.")) {
            (Some(rest), _) => (rest, false),
            (None, Some(rest)) => (rest, true),
            _ => continue,
        };
        let joined;
        let rest = match rest.strip_suffix("':") {
            Some(code) => {
                joined = format!("{code}': {}", lines.next().unwrap_or_default().trim());
                joined.as_str()
            }
            None => rest,
        };
        let (code, rest) = rest.split_once("': ").expect("'error.CODE': message");
        let rest = rest.strip_suffix(',').unwrap_or(rest);
        let quote = rest.chars().next().unwrap();
        let body = &rest[1..rest.len() - 1];
        assert!(rest.ends_with(quote), "{code}: one quoted string");
        let mut message = String::new();
        let mut chars = body.chars();
        while let Some(c) = chars.next() {
            message.push(if c == '\\' { chars.next().unwrap() } else { c });
        }
        out.insert(
            if referred {
                format!("=name.{code}")
            } else {
                code.to_owned()
            },
            message,
        );
    }
    out
}

/// The message of `code` with its holes filled from `params` (a phrase in turn from the
/// catalog); every hole must have its parameter.
fn render(catalog: &HashMap<String, String>, code: &str, params: &[(&str, Param)]) -> String {
    let template = catalog
        .get(code)
        .unwrap_or_else(|| panic!("the English catalog has no error.{code}"));
    let mut out = String::new();
    let mut rest = template.as_str();
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}').expect("a closed hole");
        let name = &after[..close];
        if let Some(referred) = name.strip_prefix('=') {
            // Another message, said where it is referred to (a name: `{=name.hole}`).
            let key = format!("={referred}");
            let message = catalog
                .get(&key)
                .unwrap_or_else(|| panic!("error.{code}: no message {referred}"));
            out.push_str(message);
        } else if let Some((param, form)) = name.split_once('.').filter(|(p, f)| {
            p.chars().all(|c| c.is_ascii_alphanumeric()) && ["name", "Name"].contains(f)
        }) {
            // A player's name by number (`{player.name}`: name.player1 or name.player2).
            let number = match params.iter().find(|(k, _)| *k == param) {
                Some((_, Param::Num(x))) => x.to_string(),
                _ => panic!("error.{code}: no player number {param}"),
            };
            let key = format!(
                "=name.{}layer{number}",
                if form == "Name" { 'P' } else { 'p' }
            );
            out.push_str(
                catalog
                    .get(&key)
                    .unwrap_or_else(|| panic!("error.{code}: no message {key}")),
            );
        } else if name.chars().all(|c| c.is_ascii_alphanumeric()) {
            let value = params
                .iter()
                .find(|(k, _)| *k == name)
                .unwrap_or_else(|| panic!("error.{code}: no parameter {name}"));
            match &value.1 {
                Param::Num(x) => out.push_str(&x.to_string()),
                Param::Text(t) => out.push_str(t),
                Param::Phrase(c, p) => out.push_str(&render(catalog, c, p)),
            }
        } else {
            out.push_str(&rest[open..open + close + 2]); // not a hole: `{ goal: 6 }`
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Phrase codes reached from `params`, recursively.
fn phrases(params: &[(&str, Param)], out: &mut BTreeSet<&'static str>) {
    for (_, p) in params {
        if let Param::Phrase(code, inner) = p {
            out.insert(code);
            phrases(inner, out);
        }
    }
}

/// One of each variant the reader can meet, each named by its variant (the match below
/// lists them all: a new variant fails to compile until it has a sample).
fn samples() -> Vec<(String, Box<dyn Coded>)> {
    let mut out: Vec<(String, Box<dyn Coded>)> = Vec::new();
    let p1 = Player::One;
    let games = [
        GameError::TooSmall { n: 1 },
        GameError::TooLarge {
            n: 99_999_999_999,
            max: loopy::MAX_N,
        },
        GameError::NoSteps {
            player: Player::Two,
        },
        GameError::StepOutOfRange {
            player: p1,
            step: 9,
            n: 5,
        },
        GameError::ZeroStep { player: p1 },
        GameError::RepeatedStep {
            player: Player::Two,
            step: 3,
        },
        GameError::TooMuchWork {
            n: 1_000_000,
            work: 41_660_000_000,
            max: loopy::MAX_WORK,
            fits: 12,
        },
        GameError::TooSlowToSeek {
            n: 10_000_000,
            cost: 790_782_400,
            max: loopy::game::MAX_SEEK,
            fits: 2_000_000,
        },
    ];
    for e in games {
        let name = match e {
            GameError::TooSmall { .. } => "TooSmall",
            GameError::TooLarge { .. } => "TooLarge",
            GameError::NoSteps { .. } => "NoSteps",
            GameError::StepOutOfRange { .. } => "StepOutOfRange",
            GameError::ZeroStep { .. } => "ZeroStep",
            GameError::RepeatedStep { .. } => "RepeatedStep",
            GameError::TooMuchWork { .. } => "TooMuchWork",
            GameError::TooSlowToSeek { .. } => "TooSlowToSeek",
        };
        out.push((format!("GameError::{name}"), Box::new(e)));
    }
    let graphs = [
        Graph::new(0, &[], &[]).unwrap_err(),
        Graph::check_size(1, u64::MAX / 2).unwrap_err(),
        Graph::new(3, &[1, 2], &[2]).unwrap_err(),
        Graph::new(3, &[1, 4], &[2, 3]).unwrap_err(),
        {
            let mut b = GraphBuilder::begin(3, 2).unwrap();
            b.push(&[1, 2, 3][..], &[2, 3, 1][..]).unwrap();
            b.advance(1).unwrap_err()
        },
        GraphError::NotAVertex {
            field: Field::Goal,
            vertex: 7,
            n: 3,
        },
    ];
    for e in graphs {
        let name = match e {
            GraphError::NoVertices { .. } => "NoVertices",
            GraphError::TooLarge { .. } => "TooLarge",
            GraphError::LengthMismatch { .. } => "LengthMismatch",
            GraphError::EdgeCount { .. } => "EdgeCount",
            GraphError::EdgeOutOfRange { .. } => "EdgeOutOfRange",
            GraphError::NotAVertex { .. } => "NotAVertex",
        };
        out.push((format!("GraphError::{name}"), Box::new(e)));
    }
    let explains = [
        ExplainError::NoSuchPlayer { player: 3 },
        ExplainError::NotAPosition { pos: 0, n: 8 },
        ExplainError::NotAVertex { v: 9, n: 4 },
        ExplainError::NotAStart { start: 0, n: 4 },
    ];
    for e in explains {
        let name = match e {
            ExplainError::NoSuchPlayer { .. } => "NoSuchPlayer",
            ExplainError::NotAPosition { .. } => "NotAPosition",
            ExplainError::NotAVertex { .. } => "NotAVertex",
            ExplainError::NotAStart { .. } => "NotAStart",
        };
        out.push((format!("ExplainError::{name}"), Box::new(e)));
    }
    let grundy = loopy::grundy::ring_grundy(&RingGame::new(5, &[1], &[2]).unwrap()).unwrap_err();
    assert!(matches!(grundy, RingGrundyError::Partisan));
    out.push(("RingGrundyError::Partisan".into(), Box::new(grundy)));
    let judge = |text: &str| loopy::judge::parse(text.as_bytes()).unwrap_err();
    let judges = [
        judge("1\n5\n2 3"),
        judge("1\n5\n2 3 x\n1 1\n"),
        judge("1\n5\n1 99999999999999999999999\n1 1\n"),
        judge("1\n99999999999999999999999\n"),
        judge("1\n5\n2 3 3\n1 1\n"),
        judge("1\n5\n2 3\n1 1\n"),
        judge("1\n5\n9 1\n1 1\n"),
        judge("1\n5\n1 3\n1 1\nextra"),
        loopy::judge::games_in(&b"5\n1 3\n1 1\nextra"[..], loopy::judge::Layout::Single)
            .find_map(Result::err)
            .unwrap(),
        JudgeError {
            game: None,
            line: 1,
            kind: ErrorKind::Read {
                message: "stream did not contain valid UTF-8".into(),
            },
        },
    ];
    for e in judges {
        let name = match e.kind {
            ErrorKind::Missing { .. } => "Missing",
            ErrorKind::NotANumber { .. } => "NotANumber",
            ErrorKind::Overflow { .. } => "Overflow",
            ErrorKind::TooLarge { .. } => "TooLarge",
            ErrorKind::Game(_) => "Game",
            ErrorKind::CountMismatch { .. } => "CountMismatch",
            ErrorKind::CountTooLarge { .. } => "CountTooLarge",
            ErrorKind::Trailing { single: false, .. } => "Trailing",
            ErrorKind::Trailing { single: true, .. } => "Trailing(single)",
            ErrorKind::Read { .. } => "Read",
        };
        out.push((format!("judge::ErrorKind::{name}"), Box::new(e)));
    }
    use loopy::judge::graph::TextErrorKind as K;
    let goal = |text: &str| parse_goal(text.as_bytes()).unwrap_err();
    let dag = |text: &str| parse_dag(text.as_bytes()).unwrap_err();
    let edges = |text: &str| parse_edges(text.as_bytes()).unwrap_err();
    let tree = |text: &str| loopy::judge::tree::parse_tree(text.as_bytes()).unwrap_err();
    let texts: Vec<TextError> = vec![
        goal("3 2"),
        goal("3 2 1\n1 x\n"),
        goal("3 2 1\n1 -2\n"),
        goal("3 2 1\n1 2\n2 99999999999999999999999\n"),
        edges("1 2\n0 3\n"),
        goal("3 2 1\n1 2\n2 3\n1 4\n"),
        goal("0 2 1\n"),
        goal("3 2 99999999999999\n"),
        goal("3 2 1\n1 2\n2 3\n2 2\n"),
        dag("3 1 5\n1 2\n"),
        goal("3 1 1\n1 2\n1 3\nmore"),
        edges("1 2 3\n"),
        edges("goal 2\n1 2\ngoal 1\n"),
        tree("3\n1 2 3\n1 2\n2 1\n"),
        tree("2\n1 2\n1 2\n3"),
    ];
    for e in texts {
        let name = match (&e.kind, e.place) {
            (K::Missing { .. }, _) => "Missing",
            (K::NotANumber { negative, .. }, _) => {
                if *negative {
                    "NotANumber(negative)"
                } else {
                    "NotANumber"
                }
            }
            (K::Overflow { .. }, _) => "Overflow",
            (K::NotAVertex { n: 0, .. }, _) => "NotAVertex(n = 0)",
            (K::NotAVertex { .. }, _) => "NotAVertex",
            (K::Graph(_), _) => "Graph",
            (K::TooManyQueries { .. }, _) => "TooManyQueries",
            (K::StartIsGoal { .. }, _) => "StartIsGoal",
            (K::BadFirst { .. }, _) => "BadFirst",
            (K::Trailing { .. }, _) => "Trailing",
            (K::BadLine { .. }, _) => "BadLine",
            (K::Repeated { .. }, _) => "Repeated",
            (K::Tree(_), _) => "Tree",
            (K::TrailingEdges { .. }, _) => "TrailingEdges",
        };
        out.push((format!("TextErrorKind::{name}"), Box::new(e)));
    }
    use loopy::tree::{StoneTree, TreeError};
    let trees = [
        StoneTree::new(&[], &[], &[]).unwrap_err(),
        StoneTree::new(&[1, 2], &[1, 1], &[2, 2]).unwrap_err(),
        StoneTree::new(&[1, 2], &[1], &[3]).unwrap_err(),
        StoneTree::new(&[1, 2], &[2], &[2]).unwrap_err(),
        StoneTree::new(&[1, 2, 3], &[1, 2], &[2, 1]).unwrap_err(),
        TreeError::StoneCount { n: 3, given: 2 },
    ];
    for e in trees {
        let name = match e {
            TreeError::Graph(_) => "Graph",
            TreeError::StoneCount { .. } => "StoneCount",
            TreeError::EdgeCount { .. } => "EdgeCount",
            TreeError::EdgeOutOfRange { .. } => "EdgeOutOfRange",
            TreeError::SelfLoop { .. } => "SelfLoop",
            TreeError::Cycle { .. } => "Cycle",
        };
        out.push((format!("TreeError::{name}"), Box::new(e)));
    }
    let what = loopy::game::steps_phrase(Player::Two);
    let args = vec![
        ArgError::NotANumber {
            field: "n",
            kind: "string".into(),
        },
        ArgError::NotWhole {
            field: "n",
            value: "1.5".into(),
        },
        ArgError::TooLarge {
            field: "n",
            value: "1e+21".into(),
        },
        ArgError::NotAString {
            field: "text",
            kind: "undefined".into(),
        },
        ArgError::NotABoolean {
            field: "all",
            kind: "number".into(),
        },
        ArgError::Options {
            kind: "number".into(),
        },
        ArgError::FirstPlayer {
            value: "Infinity".into(),
        },
        ArgError::NotAPosition {
            from: 1,
            last: 7,
            pos: 8,
        },
        ArgError::NotAState {
            slots: 16,
            state: 16,
        },
        ArgError::Granularity {
            name: "moves".into(),
        },
        ArgError::GraphFormat,
        ArgError::AnswerFormat,
        ArgError::CheckFormat {
            name: "\"judge\"".into(),
        },
        ArgError::NotAnArray {
            what: what.clone(),
            kind: "string".into(),
        },
        ArgError::TooLong {
            what: "from".into(),
            length: 40_000_000,
            max: 33_554_432,
        },
        ArgError::EntryNotANumber {
            what: what.clone(),
            kind: "string".into(),
        },
        ArgError::EntryOutOfRange {
            what,
            value: "-1".into(),
        },
        ArgError::NotBytes {
            what: "input".into(),
            kind: "string".into(),
        },
        ArgError::Detached {
            what: "chunk".into(),
        },
        ArgError::Result,
        ArgError::NoTrace,
        ArgError::SolverSpent,
        ArgError::CheckSpent,
        ArgError::ValuesLength {
            field: "out2",
            length: 7,
            n: 8,
        },
        ArgError::NotAValue {
            field: "dep1",
            pos: 3,
            outcome: 1,
            depth: 0,
        },
    ];
    for e in args {
        let name = match e {
            ArgError::NotANumber { .. } => "NotANumber",
            ArgError::NotWhole { .. } => "NotWhole",
            ArgError::TooLarge { .. } => "TooLarge",
            ArgError::NotAString { .. } => "NotAString",
            ArgError::NotABoolean { .. } => "NotABoolean",
            ArgError::Options { .. } => "Options",
            ArgError::FirstPlayer { .. } => "FirstPlayer",
            ArgError::NotAPosition { .. } => "NotAPosition",
            ArgError::NotAState { .. } => "NotAState",
            ArgError::Granularity { .. } => "Granularity",
            ArgError::GraphFormat => "GraphFormat",
            ArgError::AnswerFormat => "AnswerFormat",
            ArgError::CheckFormat { .. } => "CheckFormat",
            ArgError::NotAnArray { .. } => "NotAnArray",
            ArgError::TooLong { .. } => "TooLong",
            ArgError::EntryNotANumber { .. } => "EntryNotANumber",
            ArgError::EntryOutOfRange { .. } => "EntryOutOfRange",
            ArgError::NotBytes { .. } => "NotBytes",
            ArgError::Detached { .. } => "Detached",
            ArgError::Result => "Result",
            ArgError::NoTrace => "NoTrace",
            ArgError::SolverSpent => "SolverSpent",
            ArgError::CheckSpent => "CheckSpent",
            ArgError::ValuesLength { .. } => "ValuesLength",
            ArgError::NotAValue { .. } => "NotAValue",
        };
        out.push((format!("ArgError::{name}"), Box::new(e)));
    }
    out
}

/// More errors of the kinds above, for the phrases they name (`what`: each number of each
/// format).
fn more_samples() -> Vec<Box<dyn Coded>> {
    let judge = |text: &str| -> Box<dyn Coded> {
        Box::new(loopy::judge::parse(text.as_bytes()).unwrap_err())
    };
    let text = |e: TextError| -> Box<dyn Coded> { Box::new(e) };
    vec![
        judge(""),
        judge("1\nx"),
        judge("1\n5\n"),
        text(parse_dag(b"3 1 x").unwrap_err()),
        text(parse_edges(b"start x").unwrap_err()),
        text(parse_edges(b"goal x").unwrap_err()),
        text(parse_edges(b"1 x").unwrap_err()),
        text(parse_edges(b"# nothing\n").unwrap_err()),
        text(parse_goal(b"3 2 1\nx 2").unwrap_err()),
        text(parse_goal(b"3 x").unwrap_err()),
        text(parse_goal(b"x").unwrap_err()),
        text(parse_goal(b"3 1 1\n1 2\nx 2").unwrap_err()),
        text(loopy::judge::tree::parse_tree(b"2\n1 x").unwrap_err()),
        text(loopy::judge::tree::parse_tree(b"x").unwrap_err()),
    ]
}

#[test]
fn each_error_variant_has_a_code_of_its_own() {
    let mut by_code: BTreeMap<&str, String> = BTreeMap::new();
    for (variant, e) in samples() {
        if let Some(other) = by_code.insert(e.code(), variant.clone()) {
            // The judge wraps every game error as judge.game (its phrase is the game's code).
            let wrapped = e.code() == "judge.game" && other.starts_with("judge::ErrorKind::");
            assert!(wrapped, "{variant} and {other} share the code {}", e.code());
        }
        let (area, name) = e.code().split_once('.').expect("area.name");
        assert!(
            ["game", "graph", "explain", "grundy", "judge", "text", "tree", "arg"].contains(&area)
                && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "{variant}: {}",
            e.code()
        );
    }
    // Every variant is sampled (the matches in `samples` list them), each with its code.
    assert_eq!(
        by_code.len(),
        8 + 6 + 4 + 1 + 9 + 15 + 6 + 25,
        "{by_code:#?}"
    );
}

#[test]
fn the_english_catalog_worded_from_code_and_params_is_the_errors_display() {
    let catalog = catalog();
    for (variant, e) in samples() {
        assert_eq!(
            render(&catalog, e.code(), &e.params()),
            e.to_string(),
            "{variant} ({})",
            e.code()
        );
    }
    for e in more_samples() {
        assert_eq!(render(&catalog, e.code(), &e.params()), e.to_string());
    }
    // `checkGame`'s errors, as the page's error box gets them.
    for e in check_fields(Some(5), Some(&[0, 9]), Some(&[])) {
        assert_eq!(render(&catalog, e.code(), &e.params()), e.to_string());
    }
}

#[test]
fn every_core_code_in_the_catalog_is_one_the_core_gives() {
    let catalog = catalog();
    let mut given = BTreeSet::new();
    for (_, e) in samples() {
        given.insert(e.code());
        phrases(&e.params(), &mut given);
    }
    for e in more_samples() {
        phrases(&e.params(), &mut given);
    }
    let core = [
        "game.", "graph.", "explain.", "grundy.", "judge.", "text.", "tree.", "arg.", "what.",
        "at.",
    ];
    let stale: Vec<&String> = catalog
        .keys()
        .filter(|k| core.iter().any(|a| k.starts_with(a)) && !given.contains(k.as_str()))
        .collect();
    assert!(
        stale.is_empty(),
        "catalog messages no error gives: {stale:?}"
    );
}

#[test]
fn params_are_numbers_where_the_message_shows_a_number() {
    // A player, a step, a line: numbers (the reader's language formats them), not text.
    let e = GameError::StepOutOfRange {
        player: Player::Two,
        step: 9,
        n: 5,
    };
    assert_eq!(
        e.params(),
        vec![
            ("player", Param::Num(2)),
            ("step", Param::Num(9)),
            ("n", Param::Num(5)),
            ("last", Param::Num(4)),
        ]
    );
    // A token stays as the input spelled it.
    let e = loopy::judge::parse(b"1\n5\n1 \xe4\xb8\x89\n1 1\n").unwrap_err();
    assert_eq!(e.code(), "judge.notANumber");
    assert!(e.params().contains(&("token", Param::Text("三".into()))));
}

#[test]
fn gen_errors_have_codes_and_name_their_values() {
    // `loopy gen` is the CLI's alone: its codes have no catalog words, but they are stable
    // and distinct, and the parameters hold what the message shows.
    let errors = [
        GenError::OutOfRange {
            option: "n",
            reason: "must be from 2 to 1000000, not 1".into(),
        },
        GenError::NotForFormat {
            option: "draws",
            format: "dag (its graphs have no cycle, so no draw)",
        },
        GenError::NoFit {
            draws: true,
            tries: 1000,
        },
        GenError::Write {
            message: "broken pipe".into(),
            kind: std::io::ErrorKind::BrokenPipe,
        },
    ];
    let mut codes = BTreeSet::new();
    let table: HashMap<String, String> = [
        ("gen.outOfRange", "--{option} {reason}"),
        (
            "gen.notForFormat",
            "--{option} does not apply to format {format}",
        ),
        (
            "gen.noFit",
            "no input {with} a draw came up in {tries} tries: try another --n or --density",
        ),
        ("gen.write", "cannot write the input: {message}"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_owned(), b.to_owned()))
    .collect();
    for e in errors {
        assert!(codes.insert(e.code()), "{}", e.code());
        assert_eq!(render(&table, e.code(), &e.params()), e.to_string());
    }
}
