// The input methods' converters, opened with dlopen only when a layout uses
// one (libhangul and Anthy at the first letter, Rime on a thread of its own as
// such a keyboard starts): libhangul.so.1 (Hangul syllables), librime.so.1
// (Chinese: pinyin, zhuyin, cangjie schemas) and libanthy.so.1 (Japanese kana
// to kanji). No headers of theirs are needed:
// the few functions used are declared in these files from their stable ABIs.
#ifndef TAPBOARD_CONVERTERS_H
#define TAPBOARD_CONVERTERS_H

#include <stddef.h>
#include <stdint.h>

// MARK: libhangul

/// A Hangul input context (libhangul's HangulInputContext).
typedef struct tb_hangul tb_hangul;

/// A context for a libhangul keyboard ("2": dubeolsik); NULL when libhangul
/// cannot be loaded or has no such keyboard (`error` says which).
tb_hangul *tb_hangul_new(const char *keyboard, char *error, size_t error_size);
void tb_hangul_free(tb_hangul *hangul);
/// Feeds a key as libhangul's keyboards name them (the ASCII of the key's place
/// on a US keyboard); whether the context took it.
int tb_hangul_process(tb_hangul *hangul, int ascii);
/// Takes the last jamo back; whether there was one.
int tb_hangul_backspace(tb_hangul *hangul);
void tb_hangul_reset(tb_hangul *hangul);
/// The syllable being composed, the text the last key finished, and the
/// syllable finished as it is (flushed): UCS-4, zero-terminated, valid until the next call.
const uint32_t *tb_hangul_preedit(tb_hangul *hangul);
const uint32_t *tb_hangul_commit(tb_hangul *hangul);
const uint32_t *tb_hangul_flush(tb_hangul *hangul);

// MARK: librime

/// Starts Rime once for the process: its shared data (the schemas Debian's
/// rime-data packages install) and the user's folder (learned phrases, the
/// schemas built for this user); deploys what is out of date, waiting for it.
/// 1 when it runs, 0 when not (then `error` says why, the first time).
int tb_rime_start(const char *shared_dir, const char *user_dir, char *error, size_t error_size);
/// The same on a thread of its own, begun now (deploying takes seconds the
/// first time); `tb_rime_start` then waits for it to finish.
void tb_rime_start_soon(const char *shared_dir, const char *user_dir);
/// A session with a schema selected; 0 when Rime does not run or has no such schema.
uint64_t tb_rime_session(const char *schema);
void tb_rime_end_session(uint64_t session);
/// Feeds an X keysym with modifiers; whether Rime took it.
int tb_rime_key(uint64_t session, int keysym, int mask);
void tb_rime_clear(uint64_t session);

/// What a session shows and committed, copied out of Rime's structures: UTF-8,
/// the candidates one after another with a zero after each.
typedef struct {
    char preedit[256];
    char committed[512];
    char candidates[1024];
    int candidate_count;
    int page_number;
    int is_last_page;
} tb_rime_state;

/// Reads the session's composition, its page of candidates and what it committed
/// since the last read (taken: not given again).
void tb_rime_read(uint64_t session, tb_rime_state *state);

// MARK: Anthy

/// An Anthy conversion context (UTF-8).
typedef struct tb_anthy tb_anthy;

/// A context, Anthy started first (once a process) with what it learns kept
/// in `home`/.anthy; NULL when Anthy cannot be loaded or started (`error` says why).
tb_anthy *tb_anthy_new(const char *home, char *error, size_t error_size);
void tb_anthy_free(tb_anthy *anthy);
/// Converts a reading (hiragana, UTF-8); how many segments Anthy cut it into (0: it failed).
int tb_anthy_convert(tb_anthy *anthy, const char *reading);
/// A segment's candidates, and its length in characters of the reading.
int tb_anthy_segment(tb_anthy *anthy, int segment, int *length);
/// A segment's candidate (-1: the reading, -2: katakana) into `text`; whether there is one.
int tb_anthy_candidate(tb_anthy *anthy, int segment, int candidate, char *text, size_t size);
/// Tells Anthy a segment's candidate was chosen (it learns once every segment is told).
void tb_anthy_learn(tb_anthy *anthy, int segment, int candidate);

#endif
