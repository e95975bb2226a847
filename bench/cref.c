/* The benchmark's C reference: 3-card Loo under the three-card preset's rules, random play, in plain C.
 *
 * It is the batch simulator's loop (lanterloo.engine._core.batch) written without Cython or Python: the same
 * splitmix64 stream, drawn in the same order (51 draws to shuffle, one per action to choose uniformly among the
 * legal actions), the same rules (the Miss, the turn-up, antes of 3, a fixed loo of 3, the first lead forced to
 * the ace of trumps, two trumps bind a trump lead and heads-up the highest, follow and head, trump when void, the
 * dealer's rights and the defended Miss) and the same settlement. So for one seed both print the same totals,
 * which bench/run.py checks before it compares their speed.
 *
 * Usage: cref PLAYERS SECONDS SEED. Plays whole deals until SECONDS of CPU time have passed (checked every 1024
 * deals) and prints: deals actions cpu_seconds net_0 ... net_{n-1} pool
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXN 16
#define SUIT(s) ((uint64_t)0x1FFF << ((s) * 13))

static uint64_t rng;
static inline uint64_t next(void) {
    uint64_t z = (rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int n;
static long long stacks[MAXN], net[MAXN], pool;
static uint64_t hands[MAXN], miss, played;
static int decl[MAXN], in_play[MAXN], order[MAXN], next_seat[MAXN], won_tricks[MAXN], winners[3];
static int dealer, eldest, trump, turnup, taker, defended, k_in_play, trick_no;
static long long actions;

static inline uint64_t beaten_by(int c) {
    uint64_t m = SUIT(c / 13) & ~(((uint64_t)2 << c) - 1);
    if (c / 13 != trump) m |= SUIT(trump);
    return m;
}

/* the open declarations of the seat to act: bit 0 pass, 1 play, 2 take the Miss, 3 defend it */
static uint64_t declarations(int s) {
    int standing = 0, first = -1;
    for (int i = 0; i < n; i++)
        if (in_play[i]) { standing++; if (first < 0) first = i; }
    int lone = standing == 1 && first != taker, free_miss = taker < 0 && !defended;
    uint64_t m = 2;
    if (!(s == dealer && lone)) m |= 1;
    if (free_miss) m |= 4;
    if (s == dealer && lone && free_miss) m |= 8;
    return m;
}

static uint64_t playable(int s, int len, int led, int best) {
    uint64_t hand = hands[s], tr = hand & SUIT(trump);
    if (len) {
        uint64_t f = hand & SUIT(led), w = beaten_by(best);
        if (f) return (f & w) ? (f & w) : f;
        if (tr & w) return tr & w;
        return tr ? tr : hand;
    }
    if (trick_no > 0) return hand;
    int ace = trump * 13 + 12;
    uint64_t forced = (uint64_t)1 << (turnup == ace ? trump * 13 + 11 : ace);
    if (hand & forced) return hand & forced;
    int count = __builtin_popcountll(tr);
    if (count < 2) return hand;
    if (k_in_play == 2) return (uint64_t)1 << (63 - __builtin_clzll(tr));
    return tr;
}

static inline int choose(uint64_t m) {
    uint64_t k = next() % (uint64_t)__builtin_popcountll(m);
    while (k--) m &= m - 1;
    actions++;
    return __builtin_ctzll(m);
}

static void settle(int kind, int lone) { /* kind 0: no play, 1: one seat takes the pool, 2: tricks */
    long long won[MAXN] = {0}, paid = 0;
    if (kind == 1) { won[lone] = pool; pool = 0; }
    if (kind == 2) {
        int dfd = defended ? dealer : -1;
        long long share = pool / 3, total = 0;
        for (int t = 0; t < 3; t++)
            if (winners[t] != dfd) { won[winners[t]] += share; total += share; }
        pool -= total;
        for (int i = 0; i < k_in_play; i++) {
            int s = order[i];
            if (won_tricks[s] == 0 && s != dfd) {
                long long have = stacks[s] + won[s], loo = 3 <= have ? 3 : have;
                stacks[s] -= loo; net[s] -= loo; pool += loo;
            }
        }
    }
    for (int s = 0; s < n; s++) { stacks[s] += won[s]; net[s] += won[s]; }
    (void)paid;
}

static void deal(long long number) {
    unsigned char deck[52];
    for (int i = 0; i < 52; i++) deck[i] = (unsigned char)i;
    for (int i = 51; i > 0; i--) {
        int j = (int)(next() % (uint64_t)(i + 1));
        unsigned char x = deck[i]; deck[i] = deck[j]; deck[j] = x;
    }
    dealer = (int)(number % n); eldest = (dealer + 1) % n;
    for (int s = 0; s < n; s++) {
        stacks[s] = 1000000 - 3; net[s] -= 3; pool += 3;
        hands[s] = 0; decl[s] = -1; in_play[s] = 0; won_tricks[s] = 0;
    }
    int pos = 0;
    miss = played = 0;
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < n; i++) hands[(eldest + i) % n] |= (uint64_t)1 << deck[pos++];
        miss |= (uint64_t)1 << deck[pos++];
    }
    turnup = deck[pos]; trump = turnup / 13;
    taker = -1; defended = 0; trick_no = 0; k_in_play = 0;
    for (int i = 0; i < n; i++) { /* declarations, eldest first */
        int s = (eldest + i) % n;
        if (s == dealer) {
            int any = 0;
            for (int j = 0; j < n; j++) any |= in_play[j];
            if (!any) { settle(1, dealer); return; } /* everyone passed: the dealer takes the pool */
        }
        int d = choose(declarations(s));
        decl[s] = d;
        if (d >= 2) { hands[s] = miss; miss = 0; if (d == 2) taker = s; else defended = 1; }
        if (d == 0) hands[s] = 0; else in_play[s] = 1;
    }
    for (int i = 0; i < n; i++)
        if (in_play[(eldest + i) % n]) order[k_in_play++] = (eldest + i) % n;
    if (k_in_play == 0) { settle(0, -1); return; }
    if (k_in_play == 1 && !defended) { settle(1, order[0]); return; }
    for (int i = 0; i < k_in_play; i++) next_seat[order[i]] = order[(i + 1) % k_in_play];
    int leader = order[0];
    for (trick_no = 0; trick_no < 3; trick_no++) {
        int s = leader, led = -1, best = -1, best_seat = -1;
        for (int len = 0; len < k_in_play; len++) {
            int c = choose(playable(s, len, led, best));
            hands[s] &= ~((uint64_t)1 << c);
            if (len == 0) { led = c / 13; best = c; best_seat = s; }
            else if ((beaten_by(best) >> c) & 1) { best = c; best_seat = s; }
            s = next_seat[s];
        }
        winners[trick_no] = best_seat;
        won_tricks[best_seat]++;
        leader = best_seat;
    }
    settle(2, -1);
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: cref PLAYERS SECONDS SEED\n"); return 2; }
    n = atoi(argv[1]);
    double seconds = atof(argv[2]);
    rng = strtoull(argv[3], NULL, 10);
    if (n < 3 || n > 8) { fprintf(stderr, "3 to 8 players\n"); return 2; }
    clock_t start = clock(), limit = start + (clock_t)(seconds * CLOCKS_PER_SEC);
    long long deals = 0;
    if (seconds <= 0) /* a negative SECONDS: play exactly that many deals (to compare totals with the batch) */
        while (deals < (long long)(-seconds)) deal(deals++);
    else
        for (;;) {
            deal(deals++);
            if ((deals & 1023) == 0 && clock() >= limit) break;
        }
    printf("%lld %lld %.6f", deals, actions, (double)(clock() - start) / CLOCKS_PER_SEC);
    for (int s = 0; s < n; s++) printf(" %lld", net[s]);
    printf(" %lld\n", pool);
    return 0;
}
