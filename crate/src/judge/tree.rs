//! The tree format (`loopy tree`): AtCoder's AGC010F "Tree Game" input, `N`, the stones
//! `A_1 .. A_N`, and `N - 1` edges `a b`; the answer is the vertices where the first
//! player wins, ascending, on one line (an empty line when there is none).
//!
//! As with every judge format, the whole input is read and checked before anything is
//! solved, and an error names the edge, the line and the token at fault. The game and
//! its reduction are the core's ([`crate::tree`]).

use std::io::{self, Write};

use super::text::{Parser, Place, TextError, TextErrorKind, What};
use crate::tree::{StoneTree, TreeBuilder, TreeError};

/// Parses a whole input of the tree format.
///
/// ```
/// use loopy::judge::tree::parse_tree;
/// let tree = parse_tree(b"3\n1 2 3\n1 2\n2 3\n").unwrap();
/// assert_eq!((tree.n(), tree.stones(3)), (3, 3));
/// let e = parse_tree(b"3\n1 2 3\n1 2\n2 1\n").unwrap_err();
/// assert_eq!(e.to_string(), "edge 2, line 4: 2 and 1 are already joined by the edges before this one: a tree has no cycle");
/// ```
pub fn parse_tree(input: &[u8]) -> Result<StoneTree, TextError> {
    let mut p = Parser::new(input);
    let (n, n_line) = p.number(What::TreeVertices)?;
    TreeBuilder::check_size(n).map_err(|e| p.error(n_line, TextErrorKind::Tree(e)))?;
    let mut stones = Vec::with_capacity(n as usize);
    for k in 1..=n {
        stones.push(p.number(What::Stones { k, n })?.0);
    }
    let mut builder =
        TreeBuilder::new(&stones).map_err(|e| p.error(n_line, TextErrorKind::Tree(e)))?;
    drop(stones);
    let m = n - 1;
    for k in 1..=m {
        p.place = Some(Place::Edge(k));
        let end = |first| What::EdgeEnd {
            first,
            k,
            m: Some(m),
        };
        let u = p.vertex(end(true), n)?;
        let v = p.vertex(end(false), n)?;
        builder.push(u as u64, v as u64).map_err(|e| {
            let line = p.last_line();
            p.error(line, TextErrorKind::Tree(e))
        })?;
    }
    p.place = None;
    p.trailing().map_err(|mut e| {
        if let TextErrorKind::Trailing { token } = e.kind {
            e.kind = TextErrorKind::TrailingEdges { token };
        }
        e
    })?;
    builder.finish().map_err(|e: TreeError| {
        let line = p.last_line();
        p.error(line, TextErrorKind::Tree(e))
    })
}

/// Solves a tree and writes its answer: the winning starts, ascending, on one line.
pub fn write_tree(tree: &StoneTree, out: &mut impl Write) -> io::Result<()> {
    let winners = tree.clone().solve().winners();
    let mut line = Vec::with_capacity(winners.len() * 8 + 1);
    for (k, v) in winners.iter().enumerate() {
        if k > 0 {
            line.push(b' ');
        }
        line.extend_from_slice(v.to_string().as_bytes());
    }
    line.push(b'\n');
    out.write_all(&line)
}

/// Parses, solves and formats the tree format in one go.
///
/// ```
/// // AGC010F's three samples.
/// use loopy::judge::tree::answer_tree;
/// assert_eq!(answer_tree(b"3\n1 2 3\n1 2\n2 3\n").unwrap(), "2\n");
/// assert_eq!(answer_tree(b"5\n5 4 1 2 3\n1 2\n1 3\n2 4\n2 5\n").unwrap(), "1 2\n");
/// assert_eq!(answer_tree(b"3\n1 1 1\n1 2\n2 3\n").unwrap(), "\n");
/// ```
pub fn answer_tree(input: &[u8]) -> Result<String, TextError> {
    let tree = parse_tree(input)?;
    let mut out = Vec::new();
    write_tree(&tree, &mut out).expect("writing to a Vec cannot fail");
    Ok(String::from_utf8(out).expect("the answer is ASCII"))
}
