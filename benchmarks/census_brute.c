/* The census by brute force, in C: every one of the C(53,7) = 154,143,080 seven-card
 * hands one by one, where `houseway census` decides one hand per suit class (292,253).
 *
 * Per hand it does what houseway/analysis/census.py does per class: the best five-card
 * category over the 21 five-card subsets (spec section 7, royal flushes apart), the house
 * way's path of rule ids (spec section 3, as houseway/procedure.py decides it: the same
 * headings in the same order), the split, and the check that the split does not foul.
 * Which of several equal cards goes low is not chosen (procedure.py's _best_of_equal):
 * it changes neither the path nor, the five-card hand only getting better, a foul.
 * Hand values are packed as in houseway/hands.py, so ties and fouls fall the same way.
 *
 * Build and run: gcc -O2 -o census_brute census_brute.c && ./census_brute [EVERY]
 * With EVERY > 1 one hand in EVERY is decided (runs of 65,536 in enumeration order): a
 * fixed sample whose time the caller scales by hands / decided. Prints one JSON object:
 * seconds of CPU and of the wall clock spent enumerating and deciding, the hands and
 * those decided, fouls, and the counts by category and by path (which
 * benchmarks/bench_census_vs_c.py compares with the census's).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { HIGH_CARD, ONE_PAIR, TWO_PAIRS, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE,
       FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_ACES };
enum { SIX = 4, TEN = 8, JACK = 9, KING = 11, ACE = 12, JOKER = 52, CATEGORY_AT = 24 };

#define RANK_OF(c) ((c) == JOKER ? ACE : (c) >> 2)
#define SUIT_OF(c) ((c) == JOKER ? -1 : (c) & 3)
#define CATEGORY(v) ((v) >> CATEGORY_AT)

static const char *CATEGORY_KEYS[] = {
    "five-aces", "royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush",
    "straight", "three-of-a-kind", "two-pairs", "one-pair", "high-card"};
enum { N_CATEGORY_KEYS = 11 };

static const char *PATHS[] = {
    "five-aces",
    "straight-flush.keep", "straight-flush.pair-moved",
    "straight-flush.two-pairs,three-pairs", "straight-flush.two-pairs,two-pairs.ace-jack",
    "straight-flush.two-pairs,two-pairs.split",
    "four-of-a-kind.extra-pair", "four-of-a-kind.aces", "four-of-a-kind.2-6",
    "four-of-a-kind.7-10", "four-of-a-kind.j-k",
    "full-house", "full-house.two-pairs", "full-house.two-trips",
    "flush-straight.keep", "flush-straight.pair-moved",
    "flush-straight.two-pairs,three-pairs", "flush-straight.two-pairs,two-pairs.ace-jack",
    "flush-straight.two-pairs,two-pairs.split",
    "three-of-a-kind", "three-of-a-kind.aces",
    "three-pairs", "two-pairs.ace-jack", "two-pairs.split",
    "one-pair", "high-card"};
enum { P_FIVE_ACES, P_SF, P_FOUR = 6, P_FULL = 11, P_FS = 14, P_THREE = 19, P_THREE_ACES,
       P_THREE_PAIRS, P_ACE_JACK, P_SPLIT, P_ONE_PAIR, P_HIGH_CARD, N_PATHS };
/* Offsets from P_SF or P_FS. */
enum { KEEP, PAIR_MOVED, TWO_PAIRS_THREE, TWO_PAIRS_ACE_JACK, TWO_PAIRS_SPLIT };

static int straight_order[1 << 13];       /* five natural ranks -> order, or -1 */
static int joker_straight_order[1 << 13]; /* four natural ranks + joker -> order, or -1 */
static unsigned char straight_in[2][1 << 13]; /* some five ranks (one the joker) run */

static void build_tables(void) {
    int windows[10], orders[10];
    for (int top = 4; top <= 12; top++) {
        windows[top - 4] = 0x1F << (top - 4);
        orders[top - 4] = top * 2;
    }
    windows[9] = 1 << ACE | 0xF; /* the wheel, between K-high (22) and A-high (24) */
    orders[9] = 23;
    for (int mask = 0; mask < 1 << 13; mask++) {
        straight_order[mask] = joker_straight_order[mask] = -1;
        for (int w = 0; w < 10; w++) {
            int missing = windows[w] & ~mask;
            if (mask == windows[w]) straight_order[mask] = orders[w];
            if (__builtin_popcount(mask) == 4 && __builtin_popcount(missing) == 1 &&
                orders[w] > joker_straight_order[mask])
                joker_straight_order[mask] = orders[w];
            if (missing == 0) straight_in[0][mask] = straight_in[1][mask] = 1;
            if (__builtin_popcount(missing) == 1) straight_in[1][mask] = 1;
        }
    }
}

static int pack(int category, const int *ranks, int n) {
    int value = category << CATEGORY_AT, shift = 16;
    for (int i = 0; i < n; i++, shift -= 4) value |= ranks[i] << shift;
    return value;
}

/* houseway.hands.five_value: the joker plays as whatever makes the hand best. */
static int five_value(const int *cards) {
    int counts[13] = {0}, joker = 0, mask = 0, suits = 0;
    for (int i = 0; i < 5; i++) {
        int c = cards[i];
        counts[RANK_OF(c)]++;
        if (c == JOKER) {
            joker = 1;
        } else {
            mask |= 1 << (c >> 2);
            suits |= 1 << (c & 3);
        }
    }
    /* Groups by size, then rank, high to low: (count << 4 | rank), at most five. */
    int keys[5], groups = 0;
    for (int r = ACE; r >= 0; r--) {
        if (!counts[r]) continue;
        int key = counts[r] << 4 | r, at = groups++;
        for (; at > 0 && keys[at - 1] >> 4 < counts[r]; at--) keys[at] = keys[at - 1];
        keys[at] = key;
    }
    int order[5], n = 0, most = keys[0] >> 4;
    for (int g = 0; g < groups; g++)
        for (int k = 0; k < keys[g] >> 4; k++) order[n++] = keys[g] & 15;
    int category = most == 5 ? FIVE_ACES : most == 4 ? FOUR_OF_A_KIND
                 : most == 3 ? (groups == 2 ? FULL_HOUSE : THREE_OF_A_KIND)
                 : most == 2 ? (groups == 3 ? TWO_PAIRS : ONE_PAIR) : HIGH_CARD;
    int grouped = pack(category, order, 5);
    if (category != HIGH_CARD && !(joker && category == ONE_PAIR && order[0] == ACE))
        return grouped;
    int flush = (suits & (suits - 1)) == 0, ranks[5];
    if (!joker) {
        if (straight_order[mask] >= 0)
            return pack(flush ? STRAIGHT_FLUSH : STRAIGHT, &straight_order[mask], 1);
        if (flush) {
            n = 0;
            for (int r = ACE; r >= 0; r--)
                if (mask >> r & 1) ranks[n++] = r;
            return pack(FLUSH, ranks, 5);
        }
        return grouped;
    }
    if (__builtin_popcount(mask) != 4) return grouped; /* the joker paired a natural ace */
    if (joker_straight_order[mask] >= 0)
        return pack(flush ? STRAIGHT_FLUSH : STRAIGHT, &joker_straight_order[mask], 1);
    if (flush) {
        int missing = ACE;
        while (mask >> missing & 1) missing--;
        mask |= 1 << missing;
        n = 0;
        for (int r = ACE; r >= 0; r--)
            if (mask >> r & 1) ranks[n++] = r;
        return pack(FLUSH, ranks, 5);
    }
    return grouped;
}

static int two_value(int a, int b) {
    int high = RANK_OF(a), low = RANK_OF(b);
    if (low > high) { int t = high; high = low; low = t; }
    return high == low ? 256 + high : high * 16 + low;
}

static int is_legal(int five, int two) {
    int category = CATEGORY(five);
    if (two >= 256) {
        if (category > ONE_PAIR) return 1;
        return category == ONE_PAIR && (five >> 16 & 15) >= two - 256;
    }
    if (category > HIGH_CARD) return 1;
    int first = five >> 16 & 15, second = five >> 12 & 15;
    return first > two >> 4 || (first == two >> 4 && second >= (two & 15));
}

/* The 21 splits: the two-card hand's places, and the five's. */
static int split_low[21][2], split_five[21][5];

static void build_splits(void) {
    int s = 0;
    for (int i = 0; i < 7; i++)
        for (int j = i + 1; j < 7; j++, s++) {
            split_low[s][0] = i;
            split_low[s][1] = j;
            for (int k = 0, n = 0; k < 7; k++)
                if (k != i && k != j) split_five[s][n++] = k;
        }
}

/* The hand by rank: groups[rank] holds its cards (the joker among the aces, last). */
typedef struct {
    int cards[7];
    int groups[13][5];
    int size[13];
    int suited; /* the suit with five cards counting the joker, or -1 */
    int joker;
} Hand;

/* Highest-rank group of exactly `size` cards below rank `below`, or -1. */
static int group_of_size(const Hand *h, int size, int below) {
    for (int r = below - 1; r >= 0; r--)
        if (h->size[r] == size) return r;
    return -1;
}

static int count_of_size(const Hand *h, int size) {
    int n = 0;
    for (int r = 0; r < 13; r++) n += h->size[r] == size;
    return n;
}

/* The singles, highest first: the first two. */
static void two_singles(const Hand *h, int *first, int *second) {
    int r1 = group_of_size(h, 1, 13), r2 = group_of_size(h, 1, r1);
    *first = h->groups[r1][0];
    *second = h->groups[r2][0];
}

static int low_pair(const Hand *h, int rank, int *low) {
    low[0] = h->groups[rank][0];
    low[1] = h->groups[rank][1];
    return 0;
}

/* Step 7: two pairs (ace-jack) and three pairs; returns the path offset. */
static int two_pairs(const Hand *h, int *low) {
    int high = group_of_size(h, 2, 13), second = group_of_size(h, 2, high);
    if (count_of_size(h, 2) >= 3) {
        low_pair(h, high, low);
        return TWO_PAIRS_THREE;
    }
    int first, next;
    two_singles(h, &first, &next);
    if (RANK_OF(first) == ACE && RANK_OF(next) >= JACK) {
        low[0] = first;
        low[1] = next;
        return TWO_PAIRS_ACE_JACK;
    }
    low_pair(h, second, low);
    return TWO_PAIRS_SPLIT;
}

static int in_keep(int value, int straight_flush_only) {
    int category = CATEGORY(value);
    return straight_flush_only ? category == STRAIGHT_FLUSH
                               : category == STRAIGHT || category == FLUSH;
}

/* Steps 2 and 5: offset from P_SF or P_FS. */
static int straightish(const Hand *h, int straight_flush_only, int *low) {
    int pairs = count_of_size(h, 2);
    if (pairs >= 2) return two_pairs(h, low);
    if (pairs == 1) {
        int pair = group_of_size(h, 2, 13), rest[5], n = 0;
        for (int i = 0; i < 7; i++)
            if (RANK_OF(h->cards[i]) != pair) rest[n++] = h->cards[i];
        int category = CATEGORY(five_value(rest));
        if (category == STRAIGHT || category == FLUSH || category == STRAIGHT_FLUSH) {
            low_pair(h, pair, low);
            return PAIR_MOVED;
        }
    }
    int best_two = -1, best_five = -1;
    for (int s = 0; s < 21; s++) {
        int five[5];
        for (int k = 0; k < 5; k++) five[k] = h->cards[split_five[s][k]];
        int five_v = five_value(five);
        if (!in_keep(five_v, straight_flush_only)) continue;
        int a = h->cards[split_low[s][0]], b = h->cards[split_low[s][1]];
        int two_v = two_value(a, b);
        if (!is_legal(five_v, two_v)) continue;
        if (two_v > best_two || (two_v == best_two && five_v > best_five)) {
            best_two = two_v;
            best_five = five_v;
            low[0] = a;
            low[1] = b;
        }
    }
    return KEEP;
}

static int has_straight_flush(const Hand *h) {
    if (h->suited < 0) return 0;
    int mask = 0;
    for (int i = 0; i < 7; i++)
        if (SUIT_OF(h->cards[i]) == h->suited) mask |= 1 << (h->cards[i] >> 2);
    return straight_in[h->joker][mask];
}

/* houseway.procedure._decide: the path, and the two cards that go low. */
static int decide(const Hand *h, int *low) {
    int first = 0, second = 0; /* the two largest group sizes */
    for (int r = 0; r < 13; r++) {
        if (h->size[r] > first) {
            second = first;
            first = h->size[r];
        } else if (h->size[r] > second) {
            second = h->size[r];
        }
    }
    if (h->size[ACE] == 5) {
        low_pair(h, ACE, low);
        return P_FIVE_ACES;
    }
    if (has_straight_flush(h)) return P_SF + straightish(h, 1, low);
    if (first == 4) {
        int quads = group_of_size(h, 4, 13);
        for (int r = ACE; r >= 0; r--)
            if (r != quads && h->size[r] >= 2) {
                low_pair(h, r, low);
                return P_FOUR;
            }
        int top, next;
        two_singles(h, &top, &next);
        int kept, path;
        if (quads == ACE) {
            kept = 0, path = P_FOUR + 1;
        } else if (quads <= SIX) {
            kept = 1, path = P_FOUR + 2;
        } else if (quads <= TEN) {
            kept = RANK_OF(top) >= KING, path = P_FOUR + 3;
        } else {
            kept = RANK_OF(top) == ACE, path = P_FOUR + 4;
        }
        if (kept) {
            low[0] = top;
            low[1] = next;
        } else {
            low_pair(h, quads, low);
        }
        return path;
    }
    if (first == 3 && second >= 2) {
        int trips = group_of_size(h, 3, 13);
        if (count_of_size(h, 3) >= 2) {
            low_pair(h, trips, low);
            return P_FULL + 2;
        }
        low_pair(h, group_of_size(h, 2, 13), low);
        return count_of_size(h, 2) >= 2 ? P_FULL + 1 : P_FULL;
    }
    int mask = 0;
    for (int i = 0; i < 7; i++)
        if (h->cards[i] != JOKER) mask |= 1 << (h->cards[i] >> 2);
    if (h->suited >= 0 || straight_in[h->joker][mask]) return P_FS + straightish(h, 0, low);
    int top, next;
    if (first == 3) {
        int trips = group_of_size(h, 3, 13);
        two_singles(h, &top, &next);
        if (trips == ACE) {
            low[0] = h->groups[ACE][0];
            low[1] = top;
            return P_THREE_ACES;
        }
        low[0] = top;
        low[1] = next;
        return P_THREE;
    }
    if (first == 2 && second == 2) return P_THREE_PAIRS + two_pairs(h, low) - TWO_PAIRS_THREE;
    if (first == 2) {
        two_singles(h, &top, &next);
        low[0] = top;
        low[1] = next;
        return P_ONE_PAIR;
    }
    int r1 = group_of_size(h, 1, 13), r2 = group_of_size(h, 1, r1), r3 = group_of_size(h, 1, r2);
    (void)r1;
    low[0] = h->groups[r2][0];
    low[1] = h->groups[r3][0];
    return P_HIGH_CARD;
}

static int64_t category_counts[N_CATEGORY_KEYS], path_counts[N_PATHS], fouls, decided;

static void count_hand(const int *cards) {
    Hand h = {.suited = -1};
    int suit_count[4] = {0};
    for (int i = 0; i < 7; i++) {
        int c = cards[i], r = RANK_OF(c);
        h.cards[i] = c;
        h.groups[r][h.size[r]++] = c; /* cards come in rising order: the joker last */
        if (c == JOKER)
            h.joker = 1;
        else
            suit_count[c & 3]++;
    }
    for (int s = 0; s < 4; s++)
        if (suit_count[s] >= 5 - h.joker) h.suited = s;

    int best = -1;
    for (int s = 0; s < 21; s++) {
        int five[5];
        for (int k = 0; k < 5; k++) five[k] = cards[split_five[s][k]];
        int v = five_value(five);
        if (v > best) best = v;
    }
    static const int KEY_OF_CATEGORY[] = {10, 9, 8, 7, 6, 5, 4, 3, 2, 0};
    int key = KEY_OF_CATEGORY[CATEGORY(best)];
    if (CATEGORY(best) == STRAIGHT_FLUSH && (best >> 16 & 0xFF) == 24) key = 1;
    category_counts[key]++;

    int low[2];
    int path = decide(&h, low);
    path_counts[path]++;
    int five[5], n = 0;
    for (int i = 0; i < 7; i++)
        if (cards[i] != low[0] && cards[i] != low[1]) five[n++] = cards[i];
    if (n != 5 || !is_legal(five_value(five), two_value(low[0], low[1]))) fouls++;
    decided++;
}

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    long every = argc > 1 ? atol(argv[1]) : 1;
    if (every < 1) every = 1;
    double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    build_tables();
    build_splits();
    int64_t index = 0;
    /* With EVERY > 1: runs of RUN hands decided, then (EVERY - 1) runs passed over, so
       that the sample keeps the order (and the caches' luck) of the full enumeration. */
    enum { RUN = 1 << 16 };
    long in_run = 0;
    int c[7];
    for (c[0] = 0; c[0] < 47; c[0]++)
     for (c[1] = c[0] + 1; c[1] < 48; c[1]++)
      for (c[2] = c[1] + 1; c[2] < 49; c[2]++)
       for (c[3] = c[2] + 1; c[3] < 50; c[3]++)
        for (c[4] = c[3] + 1; c[4] < 51; c[4]++)
         for (c[5] = c[4] + 1; c[5] < 52; c[5]++)
          for (c[6] = c[5] + 1; c[6] < 53; c[6]++, index++) {
            if (in_run < RUN) count_hand(c);
            if (++in_run == RUN * every) in_run = 0;
          }
    cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    wall = seconds(CLOCK_MONOTONIC) - wall;
    printf("{\"cpu_seconds\": %.3f, \"wall_seconds\": %.3f, \"every\": %ld, \"hands\": %lld, "
           "\"decided\": %lld, \"fouls\": %lld, \"categories\": {",
           cpu, wall, every, (long long)index, (long long)decided, (long long)fouls);
    for (int k = 0; k < N_CATEGORY_KEYS; k++)
        printf("%s\"%s\": %lld", k ? ", " : "", CATEGORY_KEYS[k], (long long)category_counts[k]);
    printf("}, \"paths\": {");
    for (int p = 0; p < N_PATHS; p++)
        printf("%s\"%s\": %lld", p ? ", " : "", PATHS[p], (long long)path_counts[p]);
    printf("}}\n");
    return 0;
}
