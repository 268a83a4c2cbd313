//! Printing a PDF as it is — vector type, the document's own page size and
//! orientation — through the system's print dialog: GTK's Unix print dialog chooses
//! the printer and its settings, and the PDF file itself is the print job (CUPS and
//! GTK's print-to-file take PDF as it is).
//!
//! `unsafe`: GTK's Rust bindings (gtk 0.18) leave out the Unix print dialog and print
//! jobs (`gtkunixprint.h`), so the few functions used are declared here from
//! libgtk-3, which the app links already. Every pointer comes from GTK and is released
//! as GTK's documentation says (dialog destroyed, settings and job unreferenced).

use std::ffi::{CString, c_char, c_int, c_void};
use std::path::PathBuf;

type GObject = c_void;

/// `GTK_RESPONSE_OK`: the dialog's Print button.
const RESPONSE_OK: c_int = -5;
/// `GTK_PRINT_CAPABILITY_PAGE_SET | COPIES | COLLATE | REVERSE`: what the PDF job
/// honours as it is; scaling and pages per sheet would need a redrawn document.
const CAPABILITIES: c_int = 1 | 2 | 4 | 8;

#[link(name = "gtk-3")]
unsafe extern "C" {
    fn gtk_print_unix_dialog_new(title: *const c_char, parent: *mut GObject) -> *mut GObject;
    fn gtk_print_unix_dialog_set_manual_capabilities(dialog: *mut GObject, capabilities: c_int);
    fn gtk_print_unix_dialog_get_selected_printer(dialog: *mut GObject) -> *mut GObject;
    fn gtk_print_unix_dialog_get_settings(dialog: *mut GObject) -> *mut GObject;
    fn gtk_print_unix_dialog_get_page_setup(dialog: *mut GObject) -> *mut GObject;
    fn gtk_dialog_run(dialog: *mut GObject) -> c_int;
    fn gtk_widget_destroy(widget: *mut GObject);
    fn gtk_print_job_new(
        title: *const c_char,
        printer: *mut GObject,
        settings: *mut GObject,
        page_setup: *mut GObject,
    ) -> *mut GObject;
    fn gtk_print_job_set_source_file(
        job: *mut GObject,
        filename: *const c_char,
        error: *mut *mut c_void,
    ) -> c_int;
    fn gtk_print_job_send(
        job: *mut GObject,
        callback: Option<unsafe extern "C" fn(*mut GObject, *mut c_void, *const c_void)>,
        user_data: *mut c_void,
        destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    );
    fn g_object_unref(object: *mut GObject);
}

/// What became of a print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printed {
    /// Sent to the printer the organizer chose.
    Sent,
    /// The organizer closed the dialog.
    Cancelled,
}

/// Shows the print dialog over `parent` (a `GtkWindow`, or null) and sends `pdf` to
/// the printer chosen. Must run on GTK's main thread. The file is removed once the job
/// has been handed to the printer (or refused).
pub fn print_pdf(parent: *mut GObject, title: &str, pdf: PathBuf) -> Result<Printed, String> {
    let title = CString::new(title).map_err(|e| e.to_string())?;
    let file = CString::new(pdf.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
    // SAFETY: the functions are GTK's own, called on its main thread with the pointers
    // it returned; see the module's comment for what is released where.
    unsafe {
        let dialog = gtk_print_unix_dialog_new(title.as_ptr(), parent);
        gtk_print_unix_dialog_set_manual_capabilities(dialog, CAPABILITIES);
        if gtk_dialog_run(dialog) != RESPONSE_OK {
            gtk_widget_destroy(dialog);
            let _ = std::fs::remove_file(&pdf);
            return Ok(Printed::Cancelled);
        }
        let printer = gtk_print_unix_dialog_get_selected_printer(dialog);
        let settings = gtk_print_unix_dialog_get_settings(dialog);
        let page_setup = gtk_print_unix_dialog_get_page_setup(dialog);
        let job = gtk_print_job_new(title.as_ptr(), printer, settings, page_setup);
        g_object_unref(settings);
        gtk_widget_destroy(dialog);
        if gtk_print_job_set_source_file(job, file.as_ptr(), std::ptr::null_mut()) == 0 {
            g_object_unref(job);
            let _ = std::fs::remove_file(&pdf);
            return Err(format!(
                "{}: the printer did not take the file",
                pdf.display()
            ));
        }
        // The job and the file live until GTK says it is done with them.
        let done = Box::into_raw(Box::new(pdf)) as *mut c_void;
        gtk_print_job_send(job, Some(sent), done, None);
    }
    Ok(Printed::Sent)
}

/// GTK's word that a job was handed over (or failed): the job and its file go.
unsafe extern "C" fn sent(job: *mut GObject, file: *mut c_void, _error: *const c_void) {
    // SAFETY: `file` is the box made in `print_pdf`, given back exactly once.
    let file = unsafe { Box::from_raw(file as *mut PathBuf) };
    let _ = std::fs::remove_file(*file);
    // SAFETY: the job made in `print_pdf`, released once it is done.
    unsafe { g_object_unref(job) };
}
