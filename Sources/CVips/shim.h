// libvips's C API for Swift: its calls take options as variable arguments ending in NULL, which Swift cannot
// call, so each call SectionSite makes is wrapped here with fixed arguments.
#include <vips/vips.h>

static void sectionsite_vips_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Starts libvips once per process; 0 on success. Operations run one thread each (SectionSite processes several
/// pictures at once, one per core), libvips's cache of operations is off (every picture is read once), and its
/// warnings are not printed: a picture that warns fails, and SectionSite reports it at the place that names it.
static inline int sectionsite_vips_start(void) {
    if (VIPS_INIT("sectionsite")) return -1;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE, sectionsite_vips_quiet, NULL);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    return 0;
}

/// Opens a file for its header only (no pixels are decoded); NULL on failure.
static inline VipsImage *sectionsite_vips_open(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The loader libvips picked from the file's bytes (`jpegload`), or NULL.
static inline const char *sectionsite_vips_loader(VipsImage *image) {
    const char *loader = NULL;
    if (vips_image_get_typeof(image, VIPS_META_LOADER) == 0) return NULL;
    if (vips_image_get_string(image, VIPS_META_LOADER, &loader)) return NULL;
    return loader;
}

/// The EXIF orientation, 1 when there is none.
static inline int sectionsite_vips_orientation(VipsImage *image) {
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) == 0) return 1;
    if (vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation)) return 1;
    return orientation;
}

/// The file scaled down to `width` (never up), turned upright by its EXIF orientation, as a pipeline that decodes
/// it as it is written (read sequentially, a JPEG shrunk by libjpeg while it is decoded): nothing is computed yet,
/// and a pipeline is written once. Any warning while reading (a truncated or damaged file) is a failure. NULL on
/// failure.
static inline VipsImage *sectionsite_vips_thumbnail(const char *path, int width) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail(path, &thumbnail, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                       "fail_on", VIPS_FAIL_ON_WARNING, NULL))
        return NULL;
    return thumbnail;
}

/// The bytes an image takes decoded, computed from its size: known before any pixel is.
static inline guint64 sectionsite_vips_decoded_bytes(VipsImage *image) { return VIPS_IMAGE_SIZEOF_IMAGE(image); }

/// The image decoded into memory, so that it can be written several times; NULL on failure (a damaged file).
static inline VipsImage *sectionsite_vips_in_memory(VipsImage *image) { return vips_image_copy_memory(image); }

/// The formats SectionSite writes, as `sectionsite_vips_save` numbers them.
enum { SECTIONSITE_JPEG = 0, SECTIONSITE_PNG = 1, SECTIONSITE_WEBP = 2, SECTIONSITE_AVIF = 3 };

/// Takes every piece of metadata off an image: EXIF (GPS positions, camera serial numbers), XMP, IPTC and the ICC
/// profile (the picture is sRGB by then). The savers' own `strip` leaves EXIF in WebP files in libvips 8.14, so
/// it is done here, for every format.
static inline void sectionsite_vips_strip(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    for (int i = 0; fields[i] != NULL; i++) {
        const char *name = fields[i];
        if (g_str_has_prefix(name, "exif-") || g_str_has_prefix(name, "xmp-") || g_str_has_prefix(name, "iptc-")
            || g_str_has_prefix(name, "icc-") || g_str_has_prefix(name, "png-comment") || strcmp(name, "orientation") == 0)
            vips_image_remove(image, name);
    }
    g_strfreev(fields);
}

/// Writes an image to `path` in `format` at `quality` (1 to 100), without its metadata when `strip`; 0 on
/// success. JPEG is progressive with optimized Huffman tables, unless `streamed`: then it is baseline with the
/// standard tables, because libjpeg holds every coefficient of a progressive or optimized picture until its end
/// (about 210 MB for 1,000 x 60,000 pixels, where baseline takes a few rows). AVIF is AV1 at effort 2 of 9
/// (libaom's slower settings cost many times the time for a few percent of size).
static inline int sectionsite_vips_save(VipsImage *image, const char *path, int format, int quality, int strip, int streamed) {
    if (strip) sectionsite_vips_strip(image);
    switch (format) {
    case SECTIONSITE_JPEG:
        return vips_jpegsave(image, path, "Q", quality, "strip", strip, "optimize_coding", !streamed, "interlace", !streamed, NULL);
    case SECTIONSITE_PNG:
        return vips_pngsave(image, path, "strip", strip, NULL);
    case SECTIONSITE_WEBP:
        return vips_webpsave(image, path, "Q", quality, "strip", strip, NULL);
    case SECTIONSITE_AVIF:
        return vips_heifsave(image, path, "Q", quality, "strip", strip, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                             "effort", 2, NULL);
    default:
        return -1;
    }
}

/// Whether libvips can write `format` here (AVIF needs libheif with an AV1 encoder): it writes a small picture
/// into memory.
static inline int sectionsite_vips_can_write(int format) {
    static const char *suffixes[] = {".jpg", ".png", ".webp", ".avif"};
    if (format < 0 || format > 3) return 0;
    VipsImage *black = NULL;
    if (vips_black(&black, 16, 16, "bands", 3, NULL)) { vips_error_clear(); return 0; }
    VipsImage *bytes = NULL;
    if (vips_cast(black, &bytes, VIPS_FORMAT_UCHAR, NULL)) { g_object_unref(black); vips_error_clear(); return 0; }
    void *buffer = NULL;
    size_t length = 0;
    int failed = vips_image_write_to_buffer(bytes, suffixes[format], &buffer, &length, NULL);
    g_object_unref(bytes);
    g_object_unref(black);
    if (failed) { vips_error_clear(); return 0; }
    g_free(buffer);
    return 1;
}

static inline void sectionsite_vips_release(VipsImage *image) { g_object_unref(image); }
