// A file the teacher shared, as every list of them shows it: the student's portal, the teacher's
// Files panel and the data export add their own fields to these.
type SharedFileFields = {
  id: string;
  title: string;
  description: string | null;
  fileType: string;
  fileUrl: string;
  fileSize: number | null;
  lastViewedAt: Date | null;
  createdAt: Date;
};

export const toSharedFileFields = (f: SharedFileFields) => ({
  id: f.id,
  title: f.title,
  description: f.description,
  file_type: f.fileType,
  file_url: f.fileUrl,
  file_size: f.fileSize,
  last_viewed_at: f.lastViewedAt?.toISOString() ?? null,
  created_at: f.createdAt.toISOString(),
});
