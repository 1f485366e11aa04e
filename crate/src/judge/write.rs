//! Writing the judge's answer: a solved ring game's outcome and depth lines, and the
//! whole answer to a judge input. Beside the reader (`judge.rs`), so that the solver
//! knows nothing of text formats.

use std::io::{self, Write};

use super::parse;
use super::JudgeError;
use crate::game::{Player, RingGame};
use crate::solve::{outcome_of, Outcome, Solution, Solver, LOW};

/// The judge formats of a [`Solution`]: written here, with the reader, though they are
/// methods of the solution.
impl Solution {
    /// The judge's two lines (player 1 first, then player 2), without a final newline.
    pub fn to_judge_text(&self) -> String {
        let mut out = Vec::with_capacity(2 * 5 * self.n() as usize);
        // `unreachable!` rather than `expect`: no io::Error formatting in the wasm build.
        self.write_judge(&mut out)
            .unwrap_or_else(|_| unreachable!("writing to a Vec cannot fail"));
        text(out)
    }

    /// The two depth lines of `loopy --depth`: `-` for Loop.
    pub fn to_depth_text(&self) -> String {
        let mut out = Vec::new();
        self.write_depths(&mut out)
            .unwrap_or_else(|_| unreachable!("writing to a Vec cannot fail"));
        text(out)
    }

    /// Writes the judge's two lines, each with its newline, a word at a time (the CLI
    /// streams them: no copy of the answer is ever held whole).
    pub fn write_judge(&self, out: &mut impl Write) -> io::Result<()> {
        self.write_rows(out, |s, out| {
            out.write_all(outcome_of(s).as_str().as_bytes())
        })
    }

    /// Writes the two depth lines of `loopy --depth`, each with its newline.
    pub fn write_depths(&self, out: &mut impl Write) -> io::Result<()> {
        self.write_rows(out, |s, out| match outcome_of(s) {
            Outcome::Loop => out.write_all(b"-"),
            _ => {
                // Decimal digits into a stack buffer: `write!` is slower per word.
                let mut digits = [0u8; 10];
                let mut at = digits.len();
                let mut d = s & LOW;
                loop {
                    at -= 1;
                    digits[at] = b'0' + (d % 10) as u8;
                    d /= 10;
                    if d == 0 {
                        break;
                    }
                }
                out.write_all(&digits[at..])
            }
        })
    }

    fn write_rows<W: Write>(
        &self,
        out: &mut W,
        word: impl Fn(u32, &mut W) -> io::Result<()>,
    ) -> io::Result<()> {
        for player in Player::BOTH {
            for (k, s) in self.row(player).skip(1).enumerate() {
                if k > 0 {
                    out.write_all(b" ")?;
                }
                word(s, out)?;
            }
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// Two lines written to a `Vec`, as a `String` without the final newline.
fn text(mut lines: Vec<u8>) -> String {
    lines.pop();
    String::from_utf8(lines).unwrap_or_else(|_| unreachable!("the lines are ASCII"))
}

/// Solves `game` and writes the judge's answer: the outcome lines for player 1 and
/// player 2 moving first, and with `depth` the two depth lines after them.
pub fn write_game(game: RingGame, depth: bool, out: &mut impl Write) -> io::Result<()> {
    if game.n() <= super::small::SMALL {
        return super::small::write_small(&game, depth, out);
    }
    let (solution, _) = Solver::from_game(game, false).finish();
    solution.write_judge(out)?;
    if depth {
        solution.write_depths(out)?;
    }
    Ok(())
}

/// Parses, solves and formats in one go: the judge's exact output for `input`.
pub fn answer(input: &[u8], depth: bool) -> Result<String, JudgeError> {
    answer_head(input, depth, usize::MAX).map(|(text, _)| text)
}

/// The judge's output for the first games of `input`, stopping after the game that
/// takes it to `max_bytes` or past: the text and how many games it answers.
///
/// Why: a valid input of a million games has an answer of half a gigabyte, more than a
/// browser can hold in one string; the page shows and copies a head of it instead, and
/// says how many games that head covers. The whole input is still checked first, so an
/// error anywhere is reported as `answer` reports it.
///
/// ```
/// let input = b"2\n5\n2 3 2\n3 1 2 3\n4\n1 1\n1 1\n";
/// let whole = loopy::judge::answer(input, false).unwrap();
/// assert_eq!(loopy::judge::answer_head(input, false, usize::MAX).unwrap(), (whole.clone(), 2));
/// let (head, games) = loopy::judge::answer_head(input, false, 1).unwrap();
/// assert_eq!(games, 1);
/// assert!(whole.starts_with(&head) && head.lines().count() == 2);
/// ```
pub fn answer_head(
    input: &[u8],
    depth: bool,
    max_bytes: usize,
) -> Result<(String, usize), JudgeError> {
    let mut out = Vec::new();
    let mut count = 0;
    for game in parse(input)? {
        if out.len() >= max_bytes {
            break;
        }
        write_game(game, depth, &mut out).expect("writing to a Vec cannot fail");
        count += 1;
    }
    Ok((String::from_utf8(out).expect("the answer is ASCII"), count))
}
