//! The judge format: `T`, then per game `n`, `k1 s1...`, `k2 s2...`.
//!
//! [`games`] reads the games from a stream one at a time, keeping one game in memory
//! (its steps, and a bit per position to spot a repeated step), so that the CLI can
//! check a whole input of any size first, then read it again to answer it: a bad game
//! anywhere yields one error and no output at all, never a partial answer passed off
//! as whole. Errors name the game, the line and the token at fault (at most 80
//! characters of it, escaped).
//!
//! This file reads; `write.rs` writes the answers ([`answer`], [`write_game`], and a
//! [`Solution`](crate::Solution)'s judge and depth lines), so the formats live in one
//! place and the solver knows nothing of text.

mod tokens;

use core::fmt;
use std::io::{self, BufRead};

use crate::bits::Bits;
use crate::error::{Coded, Param, Params};
use crate::game::{GameError, Player, RingGame, MAX_N};
use tokens::{Number, Quick, Token, Tokens};

/// The checker of a contestant's answer (`loopy check`).
pub mod check;
/// Random valid inputs for every judge format (`loopy gen`).
pub mod gen;
/// The graph formats: `goal`, `dag` and the plain edge list.
pub mod graph;
mod small;
mod text;
/// The tree format (AGC010F).
pub mod tree;
mod write;

pub use write::{answer, answer_head, write_game};

/// What went wrong, without the "where".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ended where a number was due.
    Missing { what: What },
    /// A token that is not a whole number `>= 0` (`token` is escaped and cut short
    /// for the message, as are the other tokens here).
    NotANumber { what: What, token: String },
    /// A number too large for any meaning it could have.
    Overflow { what: What, token: String },
    /// `n` with too many digits for 64 bits: too large, as in [`GameError::TooLarge`].
    TooLarge { token: String },
    /// The game itself is invalid (see [`GameError`]).
    Game(GameError),
    /// A step count that does not match the steps on its line (`found` of them).
    CountMismatch {
        player: Player,
        declared: u64,
        found: u64,
    },
    /// A step count that no game could have: more than the `n - 1 = last` distinct steps.
    CountTooLarge {
        player: Player,
        declared: u64,
        last: u32,
    },
    /// Something after the last game (`single`: after the one game of an input read
    /// without `T`, [`Layout::Single`]).
    Trailing { token: String, single: bool },
    /// The input could not be read.
    Read { message: String },
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
                write!(f, "expected {what}, found \"{token}\" (not a whole number)")
            }
            ErrorKind::Overflow { what, token } => {
                write!(f, "{what} {token} is far too large")
            }
            ErrorKind::TooLarge { token } => crate::game::too_large(f, token, MAX_N),
            ErrorKind::Game(e) => write!(f, "{e}"),
            ErrorKind::CountMismatch {
                player,
                declared,
                found,
            } => write!(
                f,
                "{player}'s step count is {declared}, but its line holds {found}"
            ),
            ErrorKind::CountTooLarge {
                player,
                declared,
                last,
            } => write!(
                f,
                "{player}'s step count is {declared}, but there are only n - 1 = {last} \
                 distinct steps"
            ),
            ErrorKind::Trailing {
                token,
                single: false,
            } => write!(
                f,
                "unexpected \"{token}\" after the last game (T says how many games follow)"
            ),
            ErrorKind::Trailing {
                token,
                single: true,
            } => write!(
                f,
                "unexpected \"{token}\" after the game (the input is read as one game, \
                 without T)"
            ),
            ErrorKind::Read { message } => write!(f, "cannot read the input: {message}"),
        }
    }
}

impl std::error::Error for JudgeError {}

impl What {
    /// The phrase's code and parameters (`what.*`).
    fn param(self) -> Param {
        match self {
            What::T => Param::Phrase("what.games", Vec::new()),
            What::N => Param::Phrase("what.n", Vec::new()),
            What::Count(player) => Param::Phrase("what.stepCount", vec![("player", player.into())]),
            What::Step(player, idx, k) => Param::Phrase(
                "what.step",
                vec![
                    ("player", player.into()),
                    ("index", idx.into()),
                    ("k", k.into()),
                ],
            ),
        }
    }
}

/// The place of a judge error, as a phrase: `game 2, line 7` or `line 1`.
fn at(game: Option<usize>, line: usize) -> Param {
    match game {
        Some(g) => Param::Phrase(
            "at.gameLine",
            vec![("game", g.into()), ("line", line.into())],
        ),
        None => Param::Phrase("at.line", vec![("line", line.into())]),
    }
}

/// The code of what went wrong (`judge.*`, or the game's own `game.*` wrapped as
/// `judge.game`), and its parameters after `at`, the place.
impl Coded for JudgeError {
    fn code(&self) -> &'static str {
        match self.kind {
            ErrorKind::Missing { .. } => "judge.missing",
            ErrorKind::NotANumber { .. } => "judge.notANumber",
            ErrorKind::Overflow { .. } => "judge.overflow",
            ErrorKind::TooLarge { .. } | ErrorKind::Game(_) => "judge.game",
            ErrorKind::CountMismatch { .. } => "judge.countMismatch",
            ErrorKind::CountTooLarge { .. } => "judge.countTooLarge",
            ErrorKind::Trailing { single: false, .. } => "judge.trailing",
            ErrorKind::Trailing { single: true, .. } => "judge.trailingSingle",
            ErrorKind::Read { .. } => "judge.read",
        }
    }

    /// `at` (the place), then the kind's values; a game's error is `error`, a phrase of
    /// its own (`game.*`).
    fn params(&self) -> Params {
        let mut p = vec![("at", at(self.game, self.line))];
        match &self.kind {
            ErrorKind::Missing { what } => p.push(("what", what.param())),
            ErrorKind::NotANumber { what, token } | ErrorKind::Overflow { what, token } => {
                p.push(("what", what.param()));
                p.push(("token", token.as_str().into()));
            }
            ErrorKind::TooLarge { token } => p.push((
                "error",
                Param::Phrase(
                    "game.tooLarge",
                    crate::game::too_large_params(token.as_str().into(), MAX_N),
                ),
            )),
            ErrorKind::Game(e) => p.push(("error", Param::Phrase(e.code(), e.params()))),
            ErrorKind::CountMismatch {
                player,
                declared,
                found,
            } => p.extend([
                ("player", (*player).into()),
                ("declared", (*declared).into()),
                ("found", (*found).into()),
            ]),
            ErrorKind::CountTooLarge {
                player,
                declared,
                last,
            } => p.extend([
                ("player", (*player).into()),
                ("declared", (*declared).into()),
                ("last", (*last).into()),
            ]),
            ErrorKind::Trailing { token, .. } => p.push(("token", token.as_str().into())),
            ErrorKind::Read { message } => p.push(("message", message.as_str().into())),
        }
        p
    }
}

/// The number a token should be, named in errors (and formatted only for them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    T,
    N,
    Count(Player),
    /// The `idx`-th (1-based) of `k` steps.
    Step(Player, u64, u64),
}

impl fmt::Display for What {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            What::T => f.write_str("the number of games T"),
            What::N => f.write_str("n"),
            What::Count(player) => write!(f, "{player}'s step count"),
            What::Step(player, idx, k) => write!(f, "{player}'s step {idx} of {k}"),
        }
    }
}

/// One player's step line as read: the steps as a bitset (so they come out sorted and
/// a repeat is seen at once), and the first error of the game's rules, kept until
/// both step lines have been read (a malformed line is reported first, as it would
/// be if the whole game were read before it is checked).
struct StepSet {
    steps: Vec<u32>,
    error: Option<(GameError, usize)>,
}

struct Parser<R> {
    tokens: Tokens<R>,
    game: Option<usize>,
    /// The bits of a step set being read, kept from game to game (all zero between
    /// sets): a set costs no allocation but its steps' (10^5 tiny games spent a tenth of
    /// their time allocating and freeing these).
    seen: Option<Bits>,
    seen_len: usize,
}

impl<R: BufRead> Parser<R> {
    fn error(&self, line: usize, kind: ErrorKind) -> JudgeError {
        JudgeError {
            game: self.game,
            line,
            kind,
        }
    }

    fn read_error(&self, e: io::Error) -> JudgeError {
        self.error(
            self.tokens.last_line(),
            ErrorKind::Read {
                message: e.to_string(),
            },
        )
    }

    fn peek_line(&mut self) -> Result<Option<usize>, JudgeError> {
        self.tokens.next_line().map_err(|e| self.read_error(e))
    }

    fn next_token(&mut self) -> Result<Option<Token>, JudgeError> {
        self.tokens.next().map_err(|e| self.read_error(e))
    }

    /// The next token as a number, with `what` naming it in errors.
    #[inline]
    fn number(&mut self, what: What) -> Result<(u64, Quick), JudgeError> {
        match self.tokens.next_value() {
            Ok(Some(quick)) => Ok((quick.value, quick)),
            Ok(None) => self.slow_number(what),
            Err(e) => Err(self.read_error(e)),
        }
    }

    /// [`Parser::number`] for a token the fast path does not read: one cut by the
    /// buffer's end, one that is not a number, or the end of the input.
    fn slow_number(&mut self, what: What) -> Result<(u64, Quick), JudgeError> {
        let Some(tok) = self.next_token()? else {
            let line = self.tokens.last_line();
            return Err(self.error(line, ErrorKind::Missing { what }));
        };
        match tok.number {
            Number::Value(value) => Ok((
                value,
                Quick {
                    value,
                    line: tok.line,
                    first_on_line: tok.first_on_line,
                },
            )),
            Number::Garbage => Err(self.error(
                tok.line,
                ErrorKind::NotANumber {
                    what,
                    token: tok.show(),
                },
            )),
            Number::Overflow => Err(self.error(
                tok.line,
                ErrorKind::Overflow {
                    what,
                    token: tok.show(),
                },
            )),
        }
    }

    /// `k` followed by `k` steps, each checked as it is read.
    fn step_set(&mut self, player: Player, n: u32) -> Result<StepSet, JudgeError> {
        let (k, k_tok) = self.number(What::Count(player))?;
        // More steps than distinct values exist: say so now, before reading (or
        // allocating for) a count that may be absurd.
        if k > n as u64 - 1 {
            return Err(self.error(
                k_tok.line,
                ErrorKind::CountTooLarge {
                    player,
                    declared: k,
                    last: n - 1,
                },
            ));
        }
        let mut seen = match self.seen.take() {
            Some(seen) if self.seen_len >= n as usize => seen,
            _ => {
                self.seen_len = n as usize;
                Bits::new(n as usize)
            }
        };
        let result = self.read_steps(player, n, k, k_tok, &mut seen);
        self.seen = Some(seen);
        result
    }

    /// The `k` steps after the count `k_tok`, marked in `seen` (all zero again after).
    fn read_steps(
        &mut self,
        player: Player,
        n: u32,
        k: u64,
        k_tok: Quick,
        seen: &mut Bits,
    ) -> Result<StepSet, JudgeError> {
        let mut set = StepSet {
            steps: Vec::with_capacity(k as usize),
            error: (k == 0).then_some((GameError::NoSteps { player }, k_tok.line)),
        };
        // The first step out of range, else the smallest step repeated (at its second
        // occurrence): the errors `RingGame::new` gives, in the order it gives them.
        let mut out_of_range = None;
        let mut repeated: Option<(u32, usize)> = None;
        // The usual layout starts a line with k and puts the steps after it; then the
        // line must hold exactly k steps. Any other layout lets the steps run on freely
        // (tokens may be separated by any white space).
        let same_line = k_tok.first_on_line && self.peek_line()? == Some(k_tok.line);
        for idx in 0..k {
            // A token past the count's line, whatever it is, means the line held fewer
            // steps than declared (it is read, not peeked at: the fast path).
            let (x, tok) = match self.number(What::Step(player, idx + 1, k)) {
                Ok((_, tok)) if same_line && tok.line != k_tok.line => {
                    clear(seen, &set.steps);
                    return Err(self.mismatch(player, k, k_tok.line, idx));
                }
                Ok(read) => read,
                Err(e) => {
                    clear(seen, &set.steps);
                    let past = same_line
                        && e.line != k_tok.line
                        && !matches!(e.kind, ErrorKind::Missing { .. });
                    return Err(if past {
                        self.mismatch(player, k, k_tok.line, idx)
                    } else {
                        e
                    });
                }
            };
            if x == 0 || x >= n as u64 {
                out_of_range
                    .get_or_insert((GameError::StepOutOfRange { player, step: x, n }, tok.line));
            } else if seen.get(x as usize) {
                let x = x as u32;
                if repeated.map_or(true, |(r, _)| x < r) {
                    repeated = Some((x, tok.line));
                }
            } else {
                seen.set(x as usize);
                set.steps.push(x as u32);
            }
        }
        sorted(seen, &mut set.steps, n);
        if same_line && self.peek_line()? == Some(k_tok.line) {
            let mut extra = 0;
            while self.peek_line()? == Some(k_tok.line) {
                self.next_token()?;
                extra += 1;
            }
            return Err(self.mismatch(player, k, k_tok.line, k + extra));
        }
        let repeated =
            repeated.map(|(step, line)| (GameError::RepeatedStep { player, step }, line));
        set.error = set.error.or(out_of_range).or(repeated);
        Ok(set)
    }

    fn mismatch(&self, player: Player, declared: u64, line: usize, found: u64) -> JudgeError {
        self.error(
            line,
            ErrorKind::CountMismatch {
                player,
                declared,
                found,
            },
        )
    }

    fn game(&mut self) -> Result<RingGame, JudgeError> {
        let (n, n_tok) = match self.number(What::N) {
            Err(JudgeError {
                kind: ErrorKind::Overflow { token, .. },
                line,
                ..
            }) => return Err(self.error(line, ErrorKind::TooLarge { token })),
            other => other?,
        };
        let n = RingGame::check_n(n).map_err(|e| self.error(n_tok.line, ErrorKind::Game(e)))?;
        let sets = [
            self.step_set(Player::One, n)?,
            self.step_set(Player::Two, n)?,
        ];
        if let Some((e, line)) = sets.iter().find_map(|s| s.error.clone()) {
            return Err(self.error(line, ErrorKind::Game(e)));
        }
        let [s1, s2] = sets.map(|set| set.steps);
        RingGame::from_sorted(n, s1, s2).map_err(|e| self.error(n_tok.line, ErrorKind::Game(e)))
    }
}

/// How the games of an input are laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// `T`, then `T` games: the judge format.
    #[default]
    Counted,
    /// One game without `T`, as a contest that gives one game per test has it (CF
    /// 786A's own input): `n`, `k1 s1...`, `k2 s2...`.
    Single,
}

/// Sets the bits of `steps` in `seen` back to zero.
fn clear(seen: &mut Bits, steps: &[u32]) {
    for &x in steps {
        seen.clear(x as usize);
    }
}

/// Sorts the steps of a set read into `seen` (on a ring of `n`), and sets `seen` back to
/// zero: a dense set is read off the bits in order, a sparse one sorted.
fn sorted(seen: &mut Bits, steps: &mut Vec<u32>, n: u32) {
    if steps.len() as u64 * 16 >= n as u64 {
        steps.clear();
        for w in 0..crate::bits::words_for(n as usize) {
            let mut word = seen.word(w);
            while word != 0 {
                steps.push((w << 6) as u32 + word.trailing_zeros());
                word &= word - 1;
            }
        }
    } else {
        steps.sort_unstable();
    }
    clear(seen, steps);
}

/// The games of a judge-format input, read one at a time (see [`games`]).
pub struct Games<R> {
    parser: Parser<R>,
    layout: Layout,
    /// Games still to read; `None` before `T` is read.
    left: Option<u64>,
    /// After the end or an error: the iterator is fused.
    over: bool,
}

impl<R: BufRead> Games<R> {
    fn step(&mut self) -> Result<Option<RingGame>, JudgeError> {
        let p = &mut self.parser;
        let left = match (self.left, self.layout) {
            (Some(left), _) => left,
            (None, Layout::Counted) => p.number(What::T)?.0,
            (None, Layout::Single) => 1,
        };
        if left == 0 {
            self.left = Some(0);
            p.game = None;
            return match p.next_token()? {
                Some(tok) => Err(p.error(
                    tok.line,
                    ErrorKind::Trailing {
                        token: tok.show(),
                        single: self.layout == Layout::Single,
                    },
                )),
                None => Ok(None),
            };
        }
        p.game = Some(p.game.map_or(1, |g| g + 1));
        self.left = Some(left - 1);
        p.game().map(Some)
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<RingGame, JudgeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.over {
            return None;
        }
        let item = self.step().transpose();
        self.over = !matches!(item, Some(Ok(_)));
        item
    }
}

impl<R: BufRead> core::iter::FusedIterator for Games<R> {}

/// The games of a judge-format input, read from `input` as they are needed: each item
/// is the next game, or the first error (and then the end). After the last game, the
/// input must hold nothing more.
///
/// ```
/// let mut games = loopy::judge::games(&b"2\n5\n2 3 2\n3 1 2 3\n8\n1 6\n2 3 x\n"[..]);
/// assert_eq!(games.next().unwrap().unwrap().n(), 5);
/// let err = games.next().unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "game 2, line 7: expected player 2's step 2 of 2, found \"x\" (not a whole number)");
/// assert!(games.next().is_none());
/// ```
pub fn games<R: BufRead>(input: R) -> Games<R> {
    games_in(input, Layout::Counted)
}

/// [`games`], with the games laid out as `layout` says.
///
/// ```
/// use loopy::judge::{games_in, Layout};
/// let one: Vec<_> = games_in(&b"5\n2 3 2\n3 1 2 3\n"[..], Layout::Single).collect();
/// assert_eq!(one.len(), 1);
/// assert_eq!(one[0].as_ref().unwrap().n(), 5);
/// ```
pub fn games_in<R: BufRead>(input: R, layout: Layout) -> Games<R> {
    Games {
        parser: Parser {
            tokens: Tokens::new(input),
            game: None,
            seen: None,
            seen_len: 0,
        },
        layout,
        left: None,
        over: false,
    }
}

/// Parses a whole judge input into its games, or the first error.
///
/// ```
/// let games = loopy::judge::parse(b"1\n5\n2 3 2\n3 1 2 3\n").unwrap();
/// assert_eq!(games[0].n(), 5);
/// let err = loopy::judge::parse(b"1\n5\n2 3\n3 1 2 3\n").unwrap_err();
/// assert_eq!(err.to_string(), "game 1, line 3: player 1's step count is 2, but its line holds 1");
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<RingGame>, JudgeError> {
    games(input).collect()
}

/// Checks a whole judge input without keeping its games; the number of games, or the
/// first error.
pub fn check<R: BufRead>(input: R) -> Result<u64, JudgeError> {
    games(input).try_fold(0, |count, game| game.map(|_| count + 1))
}

/// Whether an input that fails as the judge format reads as one game without `T`, the
/// layout of a contest that gives one game per test: then the error can say so.
///
/// ```
/// // CF 786A's sample: n, then the two step lines, and no T.
/// let input = b"5\n2 3 2\n3 1 2 3\n";
/// assert!(loopy::judge::parse(input).is_err());
/// assert!(loopy::judge::reads_as_single(&input[..]));
/// assert!(!loopy::judge::reads_as_single(&b"1\n5\n2 3 2\n3 1 2 3\n"[..]));
/// ```
pub fn reads_as_single<R: BufRead>(input: R) -> bool {
    games_in(input, Layout::Single).all(|game| game.is_ok())
}
