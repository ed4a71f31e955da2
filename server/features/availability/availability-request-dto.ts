// A visitor's request for other lesson times, as both the teacher's inbox and the student's data
// export show it: each adds its own fields to these.
type AvailabilityRequestFields = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  availability: string;
  location: string;
};

export const toAvailabilityRequestFields = (r: AvailabilityRequestFields) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  availability: r.availability,
  location: r.location,
});
