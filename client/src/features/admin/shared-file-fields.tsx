// The fields of the share/edit file form: a link, or a file uploaded here (multipart, so REST).
import { type Dispatch, type SetStateAction, useRef, useState } from "react";
import { FILE_TYPES, SHARED_FILE_MAX_BYTES } from "../../../../shared/constants.ts";
import { formatFileSize } from "../../../../shared/i18n/format.ts";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { upload } from "../../lib/api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type FileType, fileTypeOf, typeLabel } from "./shared-file-card.tsx";
import { type StudentRecordFieldsProps, StudentSelectField } from "./student-select-field.tsx";

export type FileDraft = {
  id?: string;
  student_id: string;
  title: string;
  description: string;
  file_type: FileType;
  file_url: string;
  is_active: boolean;
  file_size: number | null;
};

const URL_EXAMPLE = "https://...";

type Uploaded = { file: { url: string; size: number; file_type: string; original_name: string } };

/** Uploads a picked file and puts its address, size and type (and a title) into the draft. */
export function useFileUpload(setDraft: Dispatch<SetStateAction<FileDraft | null>>) {
  const toast = useToast();
  const t = useT();
  const [isUploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > SHARED_FILE_MAX_BYTES) {
      toast({
        title: t("admin.files.tooLarge"),
        description: t("admin.files.tooLargeText"),
        variant: "destructive",
      });
      return;
    }
    const form = new FormData();
    form.append("file", file);
    setUploading(true);
    try {
      const r = await upload<Uploaded>("/files/upload", form);
      setDraft(
        (d) =>
          d && {
            ...d,
            file_url: r.file.url,
            file_size: r.file.size,
            file_type: fileTypeOf(r.file.file_type),
            title: d.title || r.file.original_name.replace(/\.[^.]+$/, ""),
          },
      );
    } catch (e) {
      toast({
        title: t("admin.files.uploadFailed"),
        description: e instanceof Error ? e.message : t("admin.files.uploadFailedText"),
        variant: "destructive",
      });
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };
  return { isUploading, inputRef, pick };
}

export function SharedFileFields({
  draft,
  onChange,
  studentOptions,
  error,
  fileUpload,
}: StudentRecordFieldsProps<FileDraft> & { fileUpload: ReturnType<typeof useFileUpload> }) {
  const t = useT();
  const locale = useLocale();
  const field = bindFields(draft, (patch) => onChange({ ...draft, ...patch }));
  return (
    <>
      <StudentSelectField
        value={draft.student_id}
        locked={Boolean(draft.id)}
        what="shared file"
        options={studentOptions}
        onChange={(studentId) => onChange({ ...draft, student_id: studentId })}
      />
      <SelectField
        label={t("admin.files.type")}
        value={draft.file_type}
        onChange={(e) => onChange({ ...draft, file_type: fileTypeOf(e.target.value) })}
        options={FILE_TYPES.map((type) => ({ value: type, label: typeLabel(type, t) }))}
      />
      <TextField
        className="sm:col-span-2"
        label={t("admin.files.title")}
        required
        {...field.text("title")}
        error={error && !draft.title.trim() ? error : null}
      />
      <TextAreaField
        className="sm:col-span-2"
        label={t("admin.files.description")}
        rows={3}
        {...field.text("description")}
      />
      <div className="sm:col-span-2">
        <TextField
          label={t("admin.files.url")}
          required
          type="url"
          inputMode="url"
          placeholder={URL_EXAMPLE}
          value={draft.file_url}
          onChange={(e) => onChange({ ...draft, file_url: e.target.value, file_size: null })}
          error={error && !draft.file_url.trim() ? error : null}
          hint={t("admin.files.urlHint")}
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <input
            ref={fileUpload.inputRef}
            type="file"
            className="sr-only"
            id="shared-file-upload"
            onChange={(e) => fileUpload.pick(e.target.files?.[0])}
          />
          <label
            htmlFor="shared-file-upload"
            className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-blue-700"
          >
            {t(fileUpload.isUploading ? "admin.files.uploading" : "admin.files.upload")}
          </label>
          {draft.file_size !== null && (
            <span className="text-xs text-slate-500">{formatFileSize(locale, draft.file_size)}</span>
          )}
        </div>
      </div>
      <CheckboxField className="sm:col-span-2" label={t("admin.files.activeVisible")} {...field.checked("is_active")} />
      {error && (
        <p className="text-sm text-red-700 sm:col-span-2" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
