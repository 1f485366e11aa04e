//! The judge format: `T`, then per game `n`, `k1 s1...`, `k2 s2...`.
//!
//! The whole input is parsed and checked before anything is solved, so a bad game
//! anywhere yields one error and no output at all: never a partial answer passed off
//! as whole. Errors name the game, the line and the token at fault.

use core::fmt;
use std::io::{self, Write};

use crate::game::{GameError, Player, RingGame};
use crate::solve::solve;

/// What went wrong, without the "where".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ended where a number was due.
    Missing { what: String },
    /// A token that is not a whole number `>= 0`.
    NotANumber { what: String, token: String },
    /// A number too large for any meaning it could have.
    Overflow { what: String, token: String },
    /// The game itself is invalid (see [`GameError`]).
    Game(GameError),
    /// A step count that does not match the steps on its line, or that no game could have.
    CountMismatch {
        player: Player,
        declared: u64,
        found: String,
    },
    /// Something after the last game.
    Trailing { token: String },
}

/// A judge-format error: what, and where (game number and line, both 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeError {
    pub game: Option<usize>,
    pub line: usize,
    pub kind: ErrorKind,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            Some(g) => write!(f, "game {g}, line {}: ", self.line)?,
            None => write!(f, "line {}: ", self.line)?,
        }
        match &self.kind {
            ErrorKind::Missing { what } => write!(f, "expected {what}, found the end of the input"),
            ErrorKind::NotANumber { what, token } => {
                write!(f, "expected {what}, found {token:?} (not a whole number)")
            }
            ErrorKind::Overflow { what, token } => {
                write!(f, "{what} {token} is far too large")
            }
            ErrorKind::Game(e) => write!(f, "{e}"),
            ErrorKind::CountMismatch {
                player,
                declared,
                found,
            } => write!(f, "{player} declares {declared} steps, but {found}"),
            ErrorKind::Trailing { token } => write!(
                f,
                "unexpected {token:?} after the last game (T says how many games follow)"
            ),
        }
    }
}

impl std::error::Error for JudgeError {}

#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a [u8],
    line: usize,
    /// No token before it on its line.
    first_on_line: bool,
}

impl Token<'_> {
    fn show(&self) -> String {
        String::from_utf8_lossy(self.text).into_owned()
    }
}

/// White-space separated tokens, with their line numbers.
struct Tokens<'a> {
    input: &'a [u8],
    at: usize,
    line: usize,
    /// The line of the last token handed out (for errors at the end of the input);
    /// 0 before the first.
    last_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a [u8]) -> Tokens<'a> {
        Tokens {
            input,
            at: 0,
            line: 1,
            last_line: 0,
        }
    }

    fn peek(&mut self) -> Option<Token<'a>> {
        while let Some(&b) = self.input.get(self.at) {
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        let start = self.at;
        let len = self.input[start..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(self.input.len() - start);
        (len > 0).then(|| Token {
            text: &self.input[start..start + len],
            line: self.line,
            first_on_line: self.line != self.last_line,
        })
    }

    fn next(&mut self) -> Option<Token<'a>> {
        let t = self.peek()?;
        self.at += t.text.len();
        self.last_line = t.line;
        Some(t)
    }
}

/// One player's step line as read, with where each token was.
struct StepSet {
    steps: Vec<u64>,
    lines: Vec<usize>,
    count_line: usize,
}

impl StepSet {
    /// The line of the `nth` (0-based) occurrence of `step`.
    fn line_of(&self, step: u64, nth: usize) -> Option<usize> {
        let k = self
            .steps
            .iter()
            .enumerate()
            .filter(|(_, &x)| x == step)
            .nth(nth)?
            .0;
        Some(self.lines[k])
    }
}

struct Parser<'a> {
    tokens: Tokens<'a>,
    game: Option<usize>,
}

impl<'a> Parser<'a> {
    fn error(&self, line: usize, kind: ErrorKind) -> JudgeError {
        JudgeError {
            game: self.game,
            line,
            kind,
        }
    }

    /// The next token as a number, with `what` naming it in errors.
    fn number(&mut self, what: &str) -> Result<(u64, Token<'a>), JudgeError> {
        let Some(tok) = self.tokens.next() else {
            let line = self.tokens.last_line.max(1);
            return Err(self.error(line, ErrorKind::Missing { what: what.into() }));
        };
        if !tok.text.iter().all(u8::is_ascii_digit) {
            return Err(self.error(
                tok.line,
                ErrorKind::NotANumber {
                    what: what.into(),
                    token: tok.show(),
                },
            ));
        }
        let value = tok.text.iter().try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add((d - b'0') as u64)
        });
        match value {
            Some(v) => Ok((v, tok)),
            None => Err(self.error(
                tok.line,
                ErrorKind::Overflow {
                    what: what.into(),
                    token: tok.show(),
                },
            )),
        }
    }

    /// `k` followed by `k` steps. Returns the steps, each one's line, and the line of `k`.
    fn step_set(&mut self, player: Player, n: u64) -> Result<StepSet, JudgeError> {
        let (k, k_tok) = self.number(&format!("{player}'s step count"))?;
        // More steps than distinct values exist: say so now, before reading (or
        // allocating for) a count that may be absurd.
        if n >= 2 && k > n - 1 {
            return Err(self.error(
                k_tok.line,
                ErrorKind::CountMismatch {
                    player,
                    declared: k,
                    found: format!("only n - 1 = {} distinct steps exist", n - 1),
                },
            ));
        }
        let mut steps = Vec::with_capacity(k as usize);
        let mut lines = Vec::with_capacity(k as usize);
        // The usual layout starts a line with k and puts the steps after it; then the
        // line must hold exactly k steps. Any other layout lets the steps run on freely
        // (tokens may be separated by any white space).
        let same_line =
            k_tok.first_on_line && self.tokens.peek().is_some_and(|t| t.line == k_tok.line);
        for idx in 0..k {
            let what = format!("{player}'s step {} of {k}", idx + 1);
            if same_line && self.tokens.peek().is_some_and(|t| t.line != k_tok.line) {
                return Err(self.mismatch(player, k, k_tok.line, idx as usize));
            }
            let (x, tok) = self.number(&what)?;
            steps.push(x);
            lines.push(tok.line);
        }
        if same_line && self.tokens.peek().is_some_and(|t| t.line == k_tok.line) {
            let mut extra = 0;
            while self.tokens.peek().is_some_and(|t| t.line == k_tok.line) {
                self.tokens.next();
                extra += 1;
            }
            return Err(self.mismatch(player, k, k_tok.line, k as usize + extra));
        }
        Ok(StepSet {
            steps,
            lines,
            count_line: k_tok.line,
        })
    }

    fn mismatch(&self, player: Player, declared: u64, line: usize, found: usize) -> JudgeError {
        self.error(
            line,
            ErrorKind::CountMismatch {
                player,
                declared,
                found: format!("its line holds {found}"),
            },
        )
    }

    fn game(&mut self) -> Result<RingGame, JudgeError> {
        let (n, n_tok) = self.number("n")?;
        RingGame::check_n(n).map_err(|e| self.error(n_tok.line, ErrorKind::Game(e)))?;
        let sets = [
            self.step_set(Player::One, n)?,
            self.step_set(Player::Two, n)?,
        ];
        RingGame::new(n, &sets[0].steps, &sets[1].steps).map_err(|e| {
            // Point at the token at fault: the bad step, the repeat, the empty count.
            let line = match e {
                GameError::StepOutOfRange { player, step, .. } => {
                    sets[player.index()].line_of(step, 0)
                }
                GameError::RepeatedStep { player, step } => {
                    sets[player.index()].line_of(step as u64, 1)
                }
                GameError::NoSteps { player } => Some(sets[player.index()].count_line),
                GameError::TooSmall { .. }
                | GameError::TooLarge { .. }
                | GameError::TooMuchWork { .. } => None,
            };
            self.error(line.unwrap_or(n_tok.line), ErrorKind::Game(e))
        })
    }
}

/// Parses a whole judge input into its games, or the first error.
///
/// ```
/// let games = loopy::judge::parse(b"1\n5\n2 3 2\n3 1 2 3\n").unwrap();
/// assert_eq!(games[0].n(), 5);
/// let err = loopy::judge::parse(b"1\n5\n2 3\n3 1 2 3\n").unwrap_err();
/// assert_eq!(err.to_string(), "game 1, line 3: player 1 declares 2 steps, but its line holds 1");
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<RingGame>, JudgeError> {
    let mut p = Parser {
        tokens: Tokens::new(input),
        game: None,
    };
    let (t, _) = p.number("the number of games T")?;
    let mut games = Vec::new();
    for g in 1..=t {
        p.game = Some(g as usize);
        games.push(p.game()?);
    }
    p.game = None;
    if let Some(tok) = p.tokens.next() {
        return Err(p.error(tok.line, ErrorKind::Trailing { token: tok.show() }));
    }
    Ok(games)
}

/// Solves every game and writes the judge's answer: per game, the outcome lines for
/// player 1 and player 2 moving first, and with `depth` the two depth lines after them.
pub fn write_answer(games: &[RingGame], depth: bool, out: &mut impl Write) -> io::Result<()> {
    for game in games {
        let solution = solve(game);
        writeln!(out, "{}", solution.to_judge_text())?;
        if depth {
            writeln!(out, "{}", solution.to_depth_text())?;
        }
    }
    Ok(())
}

/// Parses, solves and formats in one go: the judge's exact output for `input`.
pub fn answer(input: &[u8], depth: bool) -> Result<String, JudgeError> {
    let games = parse(input)?;
    let mut out = Vec::new();
    write_answer(&games, depth, &mut out).expect("writing to a Vec cannot fail");
    Ok(String::from_utf8(out).expect("the answer is ASCII"))
}
