// A contestant's solution to the ring judge format (docs/formats.md) for many small games:
// fast input, and per game the plain retrograde BFS over the 2n states with a counter of
// undecided moves per state (the textbook algorithm). `cargo xtask bench` compiles it with
// g++ -O2 and times it against `loopy` on 10^5 games of n <= 10 (the "against C++" table).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static char buf[1 << 16];
static size_t len = 0, pos = 0;

static inline int byte() {
    if (pos == len) {
        len = fread(buf, 1, sizeof buf, stdin);
        pos = 0;
        if (len == 0) return -1;
    }
    return buf[pos++];
}

static inline long long number() {
    int c = byte();
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = byte();
    long long x = 0;
    while (c >= '0' && c <= '9') {
        x = x * 10 + (c - '0');
        c = byte();
    }
    return x;
}

int main() {
    int t = (int)number();
    std::string out;
    std::vector<int> s[2], left[2], queue;
    std::vector<signed char> value[2];
    static const char *word[3] = {"Lose", "Loop", "Win"};
    while (t--) {
        int n = (int)number();
        for (int p = 0; p < 2; p++) {
            int k = (int)number();
            s[p].resize(k);
            for (int i = 0; i < k; i++) s[p][i] = (int)number();
        }
        for (int p = 0; p < 2; p++) {
            left[p].assign(n, (int)s[p].size());
            value[p].assign(n, 0);
        }
        queue.clear();
        // The holes are Lose for the player to move: whoever moved onto them has won.
        value[0][0] = value[1][0] = -1;
        queue.push_back(0);
        queue.push_back(n);
        for (size_t head = 0; head < queue.size(); head++) {
            int q = queue[head] / n, j = queue[head] % n;
            int p = 1 - q;
            for (int x : s[p]) {
                int i = ((j - x) % n + n) % n;
                if (i == 0 || value[p][i] != 0) continue;
                if (value[q][j] == -1) {
                    value[p][i] = 1;
                    queue.push_back(p * n + i);
                } else if (--left[p][i] == 0) {
                    value[p][i] = -1;
                    queue.push_back(p * n + i);
                }
            }
        }
        for (int p = 0; p < 2; p++) {
            for (int i = 1; i < n; i++) {
                if (i > 1) out += ' ';
                out += word[value[p][i] + 1];
            }
            out += '\n';
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
