#include "CLibXML2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlmemory.h>

// The few libxml2 entry points Tern calls, found once by name.
static struct {
    htmlDocPtr (*read_memory)(const char *, int, const char *, const char *, int);
    void (*free_document)(xmlDocPtr);
    xmlChar *(*get_property)(const xmlNode *, const xmlChar *);
    xmlFreeFunc *free_memory; // libxml2's xmlFree is a variable holding the function
    void (*init_parser)(void);
    xmlDocPtr (*read_xml)(const char *, int, const char *, const char *, int);
    xmlChar *(*node_content)(const xmlNode *);
    xmlChar *(*get_ns_property)(const xmlNode *, const xmlChar *, const xmlChar *);
} lib;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(failure, sizeof failure, "libxml2 could not be loaded (%s); install Debian's libxml2 package", dlerror());
        return;
    }
    lib.read_memory = (htmlDocPtr (*)(const char *, int, const char *, const char *, int))dlsym(handle, "htmlReadMemory");
    lib.free_document = (void (*)(xmlDocPtr))dlsym(handle, "xmlFreeDoc");
    lib.get_property = (xmlChar *(*)(const xmlNode *, const xmlChar *))dlsym(handle, "xmlGetProp");
    lib.free_memory = (xmlFreeFunc *)dlsym(handle, "xmlFree");
    lib.init_parser = (void (*)(void))dlsym(handle, "xmlInitParser");
    lib.read_xml = (xmlDocPtr (*)(const char *, int, const char *, const char *, int))dlsym(handle, "xmlReadMemory");
    lib.node_content = (xmlChar *(*)(const xmlNode *))dlsym(handle, "xmlNodeGetContent");
    lib.get_ns_property = (xmlChar *(*)(const xmlNode *, const xmlChar *, const xmlChar *))dlsym(handle, "xmlGetNsProp");
    if (!lib.read_memory || !lib.free_document || !lib.get_property || !lib.free_memory || !lib.init_parser
        || !lib.read_xml || !lib.node_content || !lib.get_ns_property) {
        snprintf(failure, sizeof failure, "libxml2.so.2 lacks a function Tern needs (%s)", dlerror());
        lib.read_memory = NULL;
        return;
    }
    // Its global state is set up once here, not raced by the first two parses on two threads.
    lib.init_parser();
}

const char *tern_html_unavailable(void) {
    pthread_once(&once, load);
    return lib.read_memory ? NULL : failure;
}

void *tern_html_parse(const char *bytes, int length) {
    if (tern_html_unavailable()) return NULL;
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_NOIMPLIED;
    return lib.read_memory(bytes, length, NULL, "UTF-8", options);
}

void tern_html_free_document(void *document) {
    if (document) lib.free_document((xmlDocPtr)document);
}

const tern_html_node *tern_html_document_first(const void *document) {
    return ((const xmlDoc *)document)->children;
}

const tern_html_node *tern_html_first_child(const tern_html_node *node) { return node->children; }

const tern_html_node *tern_html_next(const tern_html_node *node) { return node->next; }

enum tern_html_kind tern_html_kind(const tern_html_node *node) {
    switch (node->type) {
    case XML_ELEMENT_NODE: return TERN_HTML_ELEMENT;
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE: return TERN_HTML_TEXT;
    default: return TERN_HTML_OTHER;
    }
}

const char *tern_html_name(const tern_html_node *node) {
    return node->type == XML_ELEMENT_NODE ? (const char *)node->name : NULL;
}

const char *tern_html_text(const tern_html_node *node) { return (const char *)node->content; }

char *tern_html_attribute(const tern_html_node *node, const char *name) {
    return (char *)lib.get_property(node, (const xmlChar *)name);
}

void tern_html_free_string(char *string) {
    if (string) (*lib.free_memory)(string);
}

void *tern_xml_parse(const char *bytes, int length) {
    if (tern_html_unavailable()) return NULL;
    // No XML_PARSE_NOENT, DTDLOAD or HUGE: entities stay unexpanded beyond the predefined ones, nothing is
    // fetched, and libxml2's size limits hold. CDATA arrives as text.
    int options = XML_PARSE_RECOVER | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NONET | XML_PARSE_NOCDATA;
    return lib.read_xml(bytes, length, NULL, NULL, options);
}

const char *tern_xml_namespace(const tern_html_node *node) {
    return node->type == XML_ELEMENT_NODE && node->ns ? (const char *)node->ns->href : NULL;
}

char *tern_xml_content(const tern_html_node *node) {
    return (char *)lib.node_content(node);
}

char *tern_xml_attribute_ns(const tern_html_node *node, const char *name, const char *ns) {
    return (char *)lib.get_ns_property(node, (const xmlChar *)name, (const xmlChar *)ns);
}
