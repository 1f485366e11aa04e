// A contestant's solution to format `goal` (docs/formats.md), as tight as one would write
// it for the contest: fast input, the reverse graph as CSR, and per query a retrograde BFS
// that stops as soon as the query's start is decided. `cargo xtask bench` compiles it with
// g++ -O2 and times it against `loopy graph` on the same input (the "against C++" table).
#include <cstdio>
#include <cstdlib>
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
    int n = (int)number();
    int m = (int)number();
    int q = (int)number();
    std::vector<int> eu(m), ev(m), deg(n + 1, 0), start(n + 2, 0);
    for (int i = 0; i < m; i++) {
        eu[i] = (int)number();
        ev[i] = (int)number();
        deg[eu[i]]++;
        start[ev[i] + 1]++;
    }
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    std::vector<int> pred(m), fill(start.begin(), start.end() - 1);
    for (int i = 0; i < m; i++) pred[fill[ev[i]]++] = eu[i];
    std::vector<int> sinks;
    for (int v = 1; v <= n; v++)
        if (deg[v] == 0) sinks.push_back(v);
    std::vector<int> left(n + 1), queue(n + 1);
    std::vector<signed char> value(n + 1);
    std::string out;
    for (int k = 0; k < q; k++) {
        int s = (int)number(), g = (int)number();
        memcpy(left.data(), deg.data(), sizeof(int) * (n + 1));
        memset(value.data(), 0, n + 1);
        int head = 0, tail = 0;
        value[g] = -1;
        queue[tail++] = g;
        for (int v : sinks)
            if (v != g) {
                value[v] = -1;
                queue[tail++] = v;
            }
        while (head < tail && value[s] == 0) {
            int w = queue[head++];
            for (int e = start[w]; e < start[w + 1]; e++) {
                int u = pred[e];
                if (value[u] != 0) continue;
                if (value[w] == -1) {
                    value[u] = 1;
                    queue[tail++] = u;
                } else if (--left[u] == 0) {
                    value[u] = -1;
                    queue[tail++] = u;
                }
            }
        }
        out += value[s] == 1 ? "1\n" : value[s] == -1 ? "-1\n" : "0\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
