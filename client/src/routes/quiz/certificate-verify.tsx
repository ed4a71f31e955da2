// Public certificate verification (outside the student guard): its own small lazy chunk.
export { CertificateVerifyPage } from "../../features/quiz/certificate.tsx";
