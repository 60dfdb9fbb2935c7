#ifndef GHSCROLL_CCURL_SHIM_H
#define GHSCROLL_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper for each kind of value.
static inline CURLcode ghs_curl_set_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ghs_curl_set_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ghs_curl_set_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ghs_curl_set_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }

typedef size_t (*ghs_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ghs_curl_progress_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode ghs_curl_set_write(CURL *h, ghs_curl_data_callback f) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode ghs_curl_set_header(CURL *h, ghs_curl_data_callback f) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode ghs_curl_set_progress(CURL *h, ghs_curl_progress_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }

static inline CURLcode ghs_curl_effective_url(CURL *h, char **out) { return curl_easy_getinfo(h, CURLINFO_EFFECTIVE_URL, out); }

#endif
