#ifndef TERN_CLIBXML2_H
#define TERN_CLIBXML2_H
// libxml2's HTML parser, loaded the first time a post's HTML is read. Debian's libxml2 brings the
// system's ICU with it (libicuuc, libicudata, liblzma): about 1 MB resident and most of a millisecond of
// the loader's work at every start. A start that draws cached posts, `--help` and an offline session
// never parse HTML, so they should not pay for it.
// The declarations stand alone, so that Swift needs no libxml2 headers (nor their ICU).

/// A node of a parsed document: an xmlNode, never written to.
typedef struct _xmlNode tern_html_node;

enum tern_html_kind { TERN_HTML_OTHER = 0, TERN_HTML_ELEMENT = 1, TERN_HTML_TEXT = 2 };

/// NULL once libxml2 is loaded (loading it on the first call); otherwise why it could not be.
const char *tern_html_unavailable(void);

/// The document parsed from `length` bytes of UTF-8 with libxml2's forgiving HTML parser (no network,
/// no implied <html>/<body>, no messages); NULL if libxml2 is unavailable or nothing could be recovered.
void *tern_html_parse(const char *bytes, int length);
void tern_html_free_document(void *document);

const tern_html_node *tern_html_document_first(const void *document);
const tern_html_node *tern_html_first_child(const tern_html_node *node);
const tern_html_node *tern_html_next(const tern_html_node *node);
enum tern_html_kind tern_html_kind(const tern_html_node *node);
/// An element's name, or NULL.
const char *tern_html_name(const tern_html_node *node);
/// A text or CDATA node's text, or NULL.
const char *tern_html_text(const tern_html_node *node);
/// An attribute's value, to be given back to tern_html_free_string; NULL when absent.
char *tern_html_attribute(const tern_html_node *node, const char *name);
void tern_html_free_string(char *string);

/// A web feed's XML parsed from `length` bytes in the encoding it declares (or its byte-order mark's, else
/// UTF-8), recovering what it can: no network, no DTD loaded, no external entity, no size beyond libxml2's
/// limits (huge text nodes are refused). NULL if libxml2 is unavailable or nothing could be recovered.
void *tern_xml_parse(const char *bytes, int length);
/// An element's namespace URI, or NULL.
const char *tern_xml_namespace(const tern_html_node *node);
/// Every text inside a node, its descendants' and CDATA's included, to be given back to
/// tern_html_free_string; NULL when it has none.
char *tern_xml_content(const tern_html_node *node);
/// An attribute in a namespace (`xml:base` is in the XML namespace), as tern_html_attribute.
char *tern_xml_attribute_ns(const tern_html_node *node, const char *name, const char *ns);

#endif
