//! The allocator of the CLI: running out of memory is one line on stderr and exit
//! status 2, as documented, never Rust's abort (a SIGABRT with no word of what failed).

use std::alloc::{GlobalAlloc, Layout, System};
#[cfg(unix)]
use std::fs::File;
#[cfg(unix)]
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};

/// The game being read or solved (1-based; 0 before the first), for the message of
/// an allocation that fails.
pub static GAME: AtomicU64 = AtomicU64::new(0);

/// The system allocator, except that running out of memory is one line on stderr and
/// exit status 2 (as documented) rather than Rust's abort, a SIGABRT.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct ExitWhenOutOfMemory;

// Not on wasm32, where the library brings its own allocator (the CLI is only ever
// compiled there by `cargo clippy --tests`, never run).
#[cfg_attr(not(target_arch = "wasm32"), global_allocator)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
static ALLOCATOR: ExitWhenOutOfMemory = ExitWhenOutOfMemory;

// SAFETY: every call goes to `System` with the caller's arguments unchanged; a null
// result, which `System` returns only when out of memory, never returns.
unsafe impl GlobalAlloc for ExitWhenOutOfMemory {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        non_null(System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        non_null(System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        non_null(System.realloc(ptr, layout, new_size), new_size)
    }
}

fn non_null(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

/// Says so and exits 2, without allocating: the message is put together on the stack
/// and written straight to file descriptor 2.
fn out_of_memory(size: usize) -> ! {
    let mut line = [0u8; 128];
    let mut at = 0;
    let mut put = |bytes: &[u8]| {
        let n = bytes.len().min(line.len() - at);
        line[at..at + n].copy_from_slice(&bytes[..n]);
        at += n;
    };
    put(b"loopy: ");
    let game = GAME.load(Ordering::Relaxed);
    if game > 0 {
        put(b"game ");
        put(decimal(game, &mut [0; 20]));
        put(b": ");
    }
    put(b"out of memory (an allocation of ");
    put(decimal(size as u64, &mut [0; 20]));
    put(b" bytes failed)\n");
    #[cfg(unix)]
    {
        use std::os::fd::FromRawFd;
        // SAFETY: fd 2 is open for the life of the process; `ManuallyDrop` keeps this
        // handle from closing it.
        let mut stderr = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(2) });
        let _ = stderr.write_all(&line[..at]);
    }
    std::process::exit(super::BAD_INPUT as i32)
}

/// `value` in decimal, in the end of `buf`.
fn decimal(mut value: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return &buf[at..];
        }
    }
}
