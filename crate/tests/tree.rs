//! Stones on a tree (AGC010F): the core's reduction to a game on a DAG against the game
//! itself, searched over its whole state space on small trees (`common::tree`), and
//! against the contest's quadratic solution on large ones.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::tree::{brute_winners, editorial_winners};
use common::Rng;
use loopy::tree::{StoneTree, TreeError, TreeReason};
use loopy::Outcome;

fn winners(stones: &[u64], edges: &[(u32, u32)]) -> Vec<u32> {
    let (from, to): (Vec<u32>, Vec<u32>) = edges.iter().copied().unzip();
    StoneTree::new(stones, &from, &to)
        .unwrap()
        .solve()
        .winners()
}

#[test]
fn agc010f_samples() {
    assert_eq!(winners(&[1, 2, 3], &[(1, 2), (2, 3)]), [2]);
    assert_eq!(
        winners(&[5, 4, 1, 2, 3], &[(1, 2), (1, 3), (2, 4), (2, 5)]),
        [1, 2]
    );
    assert_eq!(winners(&[1, 1, 1], &[(1, 2), (2, 3)]), Vec::<u32>::new());
}

#[test]
fn small_trees_equal_the_search_of_every_state() {
    let mut rng = Rng(0x7ee5_0001);
    let mut trees = 0;
    // Every shape up to 7 vertices comes up; stones from 0 (no move at all) to 4.
    for round in 0..600 {
        let n = 1 + rng.below(7) as usize;
        let most = 1 + rng.below(4);
        let (mut stones, edges) = rng.tree(n, most);
        if round % 5 == 0 {
            // Some vertices without a stone.
            for s in stones.iter_mut() {
                if rng.below(3) == 0 {
                    *s = 0;
                }
            }
        }
        assert_eq!(
            winners(&stones, &edges),
            brute_winners(&stones, &edges),
            "stones {stones:?}, edges {edges:?}"
        );
        trees += 1;
    }
    assert!(trees >= 300);
}

#[test]
fn large_trees_equal_the_contest_solution() {
    let mut rng = Rng(0x7ee5_3000);
    for shape in 0..4 {
        let n = 3000;
        let (mut stones, mut edges) = rng.tree(n, 1_000_000_000);
        match shape {
            // A path (the contest's deepest case) with few distinct counts.
            1 => {
                edges = (1..n as u32).map(|v| (v, v + 1)).collect();
                for s in stones.iter_mut() {
                    *s = 1 + *s % 5;
                }
            }
            // A star.
            2 => edges = (2..=n as u32).map(|v| (1, v)).collect(),
            // Stones all equal: nobody has a move that matters.
            3 => stones.fill(1_000_000_000),
            _ => {}
        }
        assert_eq!(
            winners(&stones, &edges),
            editorial_winners(&stones, &edges),
            "shape {shape}"
        );
    }
}

#[test]
fn facts_say_why_in_the_trees_terms() {
    // AGC010F's second sample: 2 wins by moving to 4 (2 stones) or 5 (3 stones), both
    // losses; its neighbour 1 has more stones, a move the opponent answers by moving back.
    let t = StoneTree::new(&[5, 4, 1, 2, 3], &[1, 1, 2, 2], &[2, 3, 4, 5])
        .unwrap()
        .solve();
    let f = t.explain(2).unwrap();
    assert_eq!((f.outcome, f.stones, f.best), (Outcome::Win, 4, Some(4)));
    assert_eq!(
        f.reason,
        TreeReason::MoveToLose {
            to: 4,
            stones: 2,
            winning: 2
        }
    );
    assert_eq!(f.answered.iter().map(|a| a.to).collect::<Vec<_>>(), [1]);
    assert_eq!(t.explain(3).unwrap().reason, TreeReason::NoSmaller);
    let zero = StoneTree::new(&[0, 3], &[1], &[2]).unwrap().solve();
    assert_eq!(zero.explain(1).unwrap().reason, TreeReason::NoStone);
    assert_eq!(
        zero.explain(2).unwrap().reason,
        TreeReason::MoveToLose {
            to: 1,
            stones: 0,
            winning: 1
        }
    );
    assert!(t.explain(6).is_err());
    // Every vertex's facts agree with its value, on random trees.
    let mut rng = Rng(0x7ee5_0002);
    for _ in 0..200 {
        let n = 1 + rng.below(9) as usize;
        let (stones, edges) = rng.tree(n, 4);
        let (from, to): (Vec<u32>, Vec<u32>) = edges.iter().copied().unzip();
        let s = StoneTree::new(&stones, &from, &to).unwrap().solve();
        for v in 1..=n as u32 {
            let f = s.explain(v as u64).unwrap();
            let wins = f.moves.iter().any(|m| m.winning);
            assert_eq!(f.outcome == Outcome::Win, wins);
            assert_eq!(
                f.move_count + f.answered_count,
                s.tree().neighbours(v).len() as u32
            );
        }
    }
}

#[test]
fn a_tree_that_is_not_one_is_refused() {
    assert_eq!(
        StoneTree::new(&[1, 2, 3], &[1, 2], &[2, 1]),
        Err(TreeError::Cycle {
            edge: 1,
            u: 2,
            v: 1
        })
    );
    assert_eq!(
        StoneTree::new(&[1, 2], &[2], &[2]),
        Err(TreeError::SelfLoop { edge: 0, vertex: 2 })
    );
    assert!(matches!(
        StoneTree::new(&[1, 2, 3], &[1], &[2]),
        Err(TreeError::EdgeCount { n: 3, .. })
    ));
    // One vertex: no edge, and no move (a neighbour is needed).
    let one = StoneTree::new(&[7], &[], &[]).unwrap().solve();
    assert_eq!(one.winners(), Vec::<u32>::new());
}

/// The fenced blocks of docs/formats.md's section `title` (up to the next `## `).
fn doc_blocks(title: &str) -> Vec<String> {
    let doc = include_str!("../../docs/formats.md");
    let start = doc.find(title).expect("the section is in docs/formats.md");
    let section = &doc[start + title.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    section
        .split("```")
        .skip(1)
        .step_by(2)
        .map(|b| b.trim_start_matches(|c: char| c != '\n').to_string())
        .collect()
}

#[test]
fn no_goal_dag_or_edge_list_text_is_read_as_a_tree() {
    use loopy::judge::gen::{generate, GenFormat, GenOptions};
    use loopy::judge::graph::{parse_any, Format, Parsed};
    // A text that its own format reads is detected as that format, never as a tree: the
    // docs' samples of each graph format, and random inputs of `loopy gen goal` / `gen dag`.
    let mut texts: Vec<(Format, Vec<u8>)> = Vec::new();
    for (title, format) in [
        ("## Format `goal`", Format::Goal),
        ("## Format `dag`", Format::Dag),
        ("## The plain edge list", Format::Edges),
    ] {
        for block in doc_blocks(title) {
            texts.push((format, block.into_bytes()));
        }
    }
    for seed in 0..200 {
        for (gen, format) in [
            (GenFormat::Goal, Format::Goal),
            (GenFormat::Dag, Format::Dag),
        ] {
            let options = GenOptions {
                seed,
                n: Some(2 + seed % 9),
                ..GenOptions::default()
            };
            let mut out = Vec::new();
            generate(gen, &options, &mut out).unwrap();
            texts.push((format, out));
        }
    }
    let mut read = 0;
    for (format, text) in &texts {
        let Ok(own) = parse_any(text, Some(*format)) else {
            continue; // a block that only shows the layout (`n m q` ...)
        };
        read += 1;
        let found = parse_any(text, None);
        assert!(
            !matches!(found, Ok(Parsed::Tree(_))),
            "{format:?} text read as a tree:\n{}",
            String::from_utf8_lossy(text)
        );
        // A dag text may read as goal too (the documented order), never as anything else.
        if *format != Format::Dag || !matches!(found, Ok(Parsed::Goal(_))) {
            assert_eq!(found, Ok(own), "{}", String::from_utf8_lossy(text));
        }
    }
    assert!(read >= 400, "only {read} texts read");
    // And the tree format's own samples are trees.
    for block in doc_blocks("## The tree format") {
        if let Ok(tree) = parse_any(block.as_bytes(), Some(Format::Tree)) {
            assert_eq!(parse_any(block.as_bytes(), None), Ok(tree));
        }
    }
}
