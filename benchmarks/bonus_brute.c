/* The bonus bets' odds by brute force, in C: every one of the C(53,7) = 154,143,080
 * seven-card hands classified one by one, where houseway/analysis/bonus_odds.py counts
 * by suit classes. Written apart from the Python, from spec section 10:
 *
 *   - the joker is an ace, or completes a straight, a flush or a straight flush;
 *   - a hand holds every category its seven cards make (three of a kind and a straight
 *     both, say), and a pay table pays the best one it lists, else nothing;
 *   - seven-card straight flushes run 8-high to ace-high, and 7-6-5-4-3-2-A;
 *   - a royal match is a natural royal flush whose other two cards are a suited K and Q;
 *   - pai gow N-high: no pair, no straight, no flush, and the highest card N.
 *
 * Build and run: gcc -O2 -o bonus_brute bonus_brute.c && ./bonus_brute [EVERY]
 * With EVERY > 1 one hand in EVERY is classified (runs of 65,536 in enumeration order),
 * a fixed sample whose time the caller scales. Prints one JSON object: seconds of CPU and
 * of the wall clock, the hands and those classified, and per pay table the hands by the
 * category it pays them in (benchmarks/bench_bonus_vs_c.py compares them).
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { JOKER = 52, ACE = 12, KING = 11, QUEEN = 10 };
enum {
    SF7_NATURAL, ROYAL_MATCH, SF7_JOKER, FIVE_ACES, ROYAL, SF, FOUR, FULL, FLUSH, TRIPS,
    STRAIGHT, PG9, PG10, PGJ, NOTHING, N_CATEGORIES
};
static const char *NAMES[N_CATEGORIES] = {
    "seven-card-straight-flush-natural", "royal-flush-royal-match",
    "seven-card-straight-flush-joker", "five-aces", "royal-flush", "straight-flush",
    "four-of-a-kind", "full-house", "flush", "three-of-a-kind", "straight", "pai-gow-9",
    "pai-gow-10", "pai-gow-j", "nothing"};

/* Each table's categories, best first, ended by NOTHING. */
static const int FORTUNE[] = {SF7_NATURAL, ROYAL_MATCH, SF7_JOKER, FIVE_ACES, ROYAL, SF, FOUR,
                              FULL, FLUSH, TRIPS, STRAIGHT, NOTHING};
static const int MANIA[] = {FIVE_ACES, ROYAL, SF, FOUR, FULL, FLUSH, TRIPS, STRAIGHT, NOTHING};
static const int EMPEROR[] = {SF7_NATURAL, SF7_JOKER, FIVE_ACES, ROYAL, SF, FOUR, FULL, FLUSH,
                              TRIPS, STRAIGHT, PG9, PG10, PGJ, NOTHING};
static const int *TABLES[3] = {FORTUNE, MANIA, EMPEROR};
static const char *TABLE_NAMES[3] = {"fortune", "mania", "emperor"};

static unsigned char run5[2][1 << 13]; /* [joker][rank mask]: five in a row */
static unsigned char run7[2][1 << 13]; /* [joker][suit's rank mask]: seven in a row */

static int popcount(unsigned m) { return __builtin_popcount(m); }

static void build_tables(void) {
    unsigned windows5[10], windows7[8];
    int n5 = 0, n7 = 0;
    for (int top = 4; top <= 12; top++) windows5[n5++] = 0x1Fu << (top - 4);
    windows5[n5++] = (1u << ACE) | 0xFu;
    for (int top = 6; top <= 12; top++) windows7[n7++] = 0x7Fu << (top - 6);
    windows7[n7++] = (1u << ACE) | 0x3Fu;
    for (unsigned m = 0; m < (1u << 13); m++) {
        for (int j = 0; j < 2; j++) {
            for (int w = 0; w < n5; w++)
                if (popcount(m & windows5[w]) + j >= 5) run5[j][m] = 1;
            for (int w = 0; w < n7; w++)
                if (j ? popcount(m & windows7[w]) == 6 && popcount(m) == 6 : m == windows7[w])
                    run7[j][m] = 1;
        }
    }
}

static uint64_t held_counts[1 << N_CATEGORIES];

static void classify(const int *hand) {
    int counts[13] = {0};
    unsigned suits[4] = {0, 0, 0, 0};
    unsigned ranks = 0;
    int joker = 0;
    for (int i = 0; i < 7; i++) {
        int c = hand[i];
        if (c == JOKER) { joker = 1; continue; }
        counts[c >> 2]++;
        suits[c & 3] |= 1u << (c >> 2);
        ranks |= 1u << (c >> 2);
    }
    unsigned held = 0;
    int aces = counts[ACE] + joker, top = aces, pairs = aces >= 2;
    for (int r = 0; r < ACE; r++) {
        if (counts[r] > top) top = counts[r];
        if (counts[r] >= 2) pairs++;
    }
    if (aces == 5) held |= 1u << FIVE_ACES;
    if (top >= 4) held |= 1u << FOUR;
    if (top >= 3) held |= 1u << TRIPS;
    if (top >= 3 && pairs >= 2) held |= 1u << FULL;
    int straight = run5[joker][ranks];
    if (straight) held |= 1u << STRAIGHT;
    int flush = -1;
    for (int s = 0; s < 4; s++)
        if (popcount(suits[s]) + joker >= 5) flush = s;
    if (flush >= 0) {
        unsigned m = suits[flush];
        held |= 1u << FLUSH;
        if (run5[joker][m]) held |= 1u << SF;
        if (popcount(m & 0x1F00u) + joker >= 5) held |= 1u << ROYAL;
        if (run7[joker][m]) held |= 1u << (joker ? SF7_JOKER : SF7_NATURAL);
        if (!joker && (m & 0x1F00u) == 0x1F00u) {
            int others[2], n = 0;
            for (int i = 0; i < 7; i++) {
                int c = hand[i];
                if (!((c & 3) == flush && (c >> 2) >= 8)) { if (n < 2) others[n] = c; n++; }
            }
            if (n == 2 && (others[0] & 3) == (others[1] & 3) &&
                ((1u << (others[0] >> 2)) | (1u << (others[1] >> 2))) ==
                    ((1u << KING) | (1u << QUEEN)))
                held |= 1u << ROYAL_MATCH;
        }
    } else if (!joker && top == 1 && !straight) {
        int high = 31 - __builtin_clz(ranks);
        if (high == 7) held |= 1u << PG9;
        if (high == 8) held |= 1u << PG10;
        if (high == 9) held |= 1u << PGJ;
    }
    held_counts[held]++;
}

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    long every = 1;
    if (argc > 1) sscanf(argv[1], "%ld", &every);
    if (every < 1) every = 1;
    double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    build_tables();
    uint64_t hands = 0, decided = 0;
    int hand[7];
    for (hand[0] = 0; hand[0] < 53; hand[0]++)
     for (hand[1] = hand[0] + 1; hand[1] < 53; hand[1]++)
      for (hand[2] = hand[1] + 1; hand[2] < 53; hand[2]++)
       for (hand[3] = hand[2] + 1; hand[3] < 53; hand[3]++)
        for (hand[4] = hand[3] + 1; hand[4] < 53; hand[4]++)
         for (hand[5] = hand[4] + 1; hand[5] < 53; hand[5]++)
          for (hand[6] = hand[5] + 1; hand[6] < 53; hand[6]++) {
              if ((hands++ >> 16) % every == 0) { classify(hand); decided++; }
          }
    uint64_t by_table[3][N_CATEGORIES] = {{0}};
    for (unsigned held = 0; held < (1u << N_CATEGORIES); held++) {
        if (!held_counts[held]) continue;
        for (int t = 0; t < 3; t++) {
            const int *list = TABLES[t];
            while (*list != NOTHING && !(held & (1u << *list))) list++;
            by_table[t][*list] += held_counts[held];
        }
    }
    wall = seconds(CLOCK_MONOTONIC) - wall;
    cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    printf("{\"wall_seconds\": %.3f, \"cpu_seconds\": %.3f, \"hands\": %llu, \"decided\": %llu,"
           " \"tables\": {", wall, cpu, (unsigned long long)hands, (unsigned long long)decided);
    for (int t = 0; t < 3; t++) {
        printf("%s\"%s\": {", t ? ", " : "", TABLE_NAMES[t]);
        int first = 1;
        for (const int *list = TABLES[t];; list++) {
            printf("%s\"%s\": %llu", first ? "" : ", ", NAMES[*list],
                   (unsigned long long)by_table[t][*list]);
            first = 0;
            if (*list == NOTHING) break;
        }
        printf("}");
    }
    printf("}}\n");
    return 0;
}
